import type { ReadinessProblem } from '../messaging/services';
import type { DomainEvent } from './event-envelope';
import { streamType } from './stream-type';

/**
 * An operator's decision that a projection passes over an event it cannot apply
 * (docs/operations.md), kept in the log itself, one stream per read model: audited (who,
 * when, why), and replayed by a rebuild so that it skips the same events. Written by the
 * read-model platform, never by a service's domain.
 */
export const PROJECTION_SKIPS_STREAM_PREFIX = 'projection-skips-';
export const projectionSkipsStream = (schema: string): string => `${PROJECTION_SKIPS_STREAM_PREFIX}${schema}`;

export interface ProjectionEventSkippedData extends ReadinessProblem {
  readonly reason: string;
}

export type ProjectionEventSkipped = DomainEvent<'ProjectionEventSkipped', ProjectionEventSkippedData>;

export const projectionSkipsStreamType = streamType<ProjectionEventSkipped>(PROJECTION_SKIPS_STREAM_PREFIX, { ProjectionEventSkipped: [] });
