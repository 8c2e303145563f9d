import { describeInBothModes } from '../../support/modes';
import { foundationCases } from './cases/foundation.cases';
import { metricCases } from './cases/metrics.cases';
import { openApiCases } from './cases/openapi.cases';
import { traceCases } from './cases/traces.cases';

/**
 * What an operator relies on, over the gateway's HTTP: the foundation (version, health,
 * JSONP, the error envelope) and /metrics with its probes in both run modes; the OpenAPI
 * document and traces in the embedded mode (the same code serves both; docs/testing.md).
 * One Tracker per mode; the metrics run first (they count calls), the traces last (they
 * start and stop tracing in this process).
 */
describeInBothModes(
  'operations',
  (tracker, mode) => {
    metricCases(tracker, mode);
    foundationCases(tracker, mode);
    if (mode === 'embedded') {
      openApiCases(tracker);
      traceCases(tracker);
    }
  },
  { TRACKER_METRICS_PORT: '0' },
);
