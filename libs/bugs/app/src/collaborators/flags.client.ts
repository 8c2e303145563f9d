import { Inject, Injectable } from '@nestjs/common';
import {
  DECIDE_FLAGS_SUBJECT,
  type DecideFlagsParams,
  type DecideFlagsResult,
  type FlagDecisionRequest,
  type FlagDecisionResult,
  FLAGS_SYNC_SUBJECT,
  type FlagsSyncParams,
  type FlagsSyncResult,
  type ServiceRequest,
} from '@tracker/contracts';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

/**
 * The flags service, asked at the moment of a write (docs/bug-stream-writes.md §2.2, §3):
 * `flags.decide` decides the flag changes of every bug of a request in one call; `flags.sync`
 * answers once the flags read model shows the appended FlagsChanged (read-your-writes).
 */
@Injectable()
export class FlagsClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  /** One result per request, in the same order. */
  async decide(request: ServiceRequest, bugs: readonly FlagDecisionRequest[]): Promise<readonly FlagDecisionResult[]> {
    if (bugs.length === 0) return [];
    const result = await this.bus.request<DecideFlagsResult, DecideFlagsParams>(DECIDE_FLAGS_SUBJECT, {
      auth: request.auth,
      correlationId: request.correlationId,
      params: { bugs },
    });
    return bugs.map((bug) => result.bugs.find((decided) => decided.bugId === bug.bugId) ?? missing(bug.bugId));
  }

  async sync(request: ServiceRequest, stream: string, position: GlobalPosition): Promise<void> {
    await this.bus.request<FlagsSyncResult, FlagsSyncParams>(FLAGS_SYNC_SUBJECT, {
      auth: request.auth,
      correlationId: request.correlationId,
      params: { streamName: stream, position: position.toString() },
    });
  }
}

function missing(bugId: number): never {
  throw new Error(`flags.decide answered nothing for bug ${bugId}`);
}
