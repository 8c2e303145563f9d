import { collectMailQueueDepth } from './mail-queue-depth';
import { collectProjectionLag } from './projection-lag';
import { METRICS_REGISTRY } from './tracker-metrics';

export const METRICS_PATH = '/metrics';
export const METRICS_CONTENT_TYPE = METRICS_REGISTRY.contentType;

/** The text exposition of every metric of the process, as GET /metrics answers it. */
export async function renderMetrics(): Promise<string> {
  await Promise.all([collectProjectionLag(), collectMailQueueDepth()]);
  return METRICS_REGISTRY.metrics();
}
