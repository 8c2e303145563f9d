import type { EventMetadata, ServiceRequest } from '@tracker/contracts';

/** Who asked, when, and as part of which request: becomes the metadata of every event. */
export interface CommandContext {
  readonly actor: number | null;
  readonly occurredAt: Date;
  readonly correlationId: string;
  readonly causationId: string;
}

export function commandContext(request: ServiceRequest, occurredAt: Date): CommandContext {
  return {
    actor: request.auth.userId,
    occurredAt,
    correlationId: request.correlationId,
    causationId: request.correlationId,
  };
}

export function eventMetadata(context: CommandContext): EventMetadata {
  return {
    actor: context.actor,
    occurredAt: context.occurredAt.toISOString(),
    correlationId: context.correlationId,
    causationId: context.causationId,
  };
}
