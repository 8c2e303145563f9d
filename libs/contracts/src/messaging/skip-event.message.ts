import { z } from 'zod';
import * as param from '../params/param-types';
import type { ReadinessProblem, ServiceName } from './services';

/**
 * An operator's repair of a service that is not ready (docs/operations.md): its stopped
 * projection passes over the event it cannot apply, and the skip is recorded in the log
 * with who, when and why. Admin only. REST: `POST /rest/health/{service}/skip_event`.
 */
export const skipEventSubject = (service: ServiceName): string => `${service}.admin.skip_event`;

/** The services that keep a read model, and so can stop at an event. */
export const SERVICES_WITH_READ_MODELS: readonly ServiceName[] = ['identity', 'catalog', 'bugs', 'comments'];

export const skipEventParams = z.object({
  position: param.string(),
  reason: param.string(),
  projection: param.optional(param.string()),
});
export type SkipEventParams = z.infer<typeof skipEventParams>;

export interface SkipEventResult {
  readonly skipped: ReadinessProblem & { readonly reason: string };
  /** the service's state once the projection resumed: it may stop again at a later event */
  readonly status: 'ok' | 'not_ready';
  readonly problems: readonly ReadinessProblem[];
}
