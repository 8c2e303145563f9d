import { Inject } from '@nestjs/common';
import {
  type BugEvent,
  bugStream,
  FLAGS_OF_SUBJECT,
  type FlagsOfParams,
  type FlagsOfResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { flagsAsOf } from '@tracker/flags/domain';
import { domainEvent, EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import { MessageHandler } from '@tracker/platform/messaging';
import { FlagQueries } from '../read-model/flag.queries';

/**
 * flags.of (docs/bug-stream-writes.md §4): the flags of the bugs and attachments a response
 * of the gateway carries, one query per response. The gateway asks only with ids the owning
 * service has just returned to the same caller, so no visibility is applied here. With
 * `asOf`, the flags of the bugs and of those of their attachments asked for as they were
 * then, folded from the bugs' streams (docs/as-of.md).
 */
@MessageHandler(FLAGS_OF_SUBJECT)
export class FlagsOfHandler {
  constructor(
    private readonly flags: FlagQueries,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async handle({ params }: ServiceRequest<FlagsOfParams>): Promise<FlagsOfResult> {
    if (params.asOf === undefined) return this.flags.flagsOf(validIds(params.bugIds), validIds(params.attachmentIds));
    const instant = params.asOf;
    const attachmentIds = new Set(validIds(params.attachmentIds));
    const perBug = await Promise.all(
      [...new Set(validIds(params.bugIds))].map(async (bugId) => {
        const recorded = await this.store.readStream(bugStream(bugId));
        const events = recorded.map((event) => ({ event: domainEvent<BugEvent>(event), occurredAt: event.metadata.occurredAt }));
        return flagsAsOf(events, instant)
          .filter((flag) => flag.attachmentId === null || attachmentIds.has(flag.attachmentId))
          .map((flag) => ({ ...flag, bugId }));
      }),
    );
    return this.flags.flagsAsOf(perBug.flat());
  }
}

/** Database ids only: anything else names no flag. */
function validIds(ids: readonly unknown[] | undefined): number[] {
  return (ids ?? []).filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= 2 ** 31 - 1);
}
