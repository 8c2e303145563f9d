import { Inject } from '@nestjs/common';
import {
  BUG_HISTORY_SUBJECT,
  type BugEvent,
  type BugHistoryParams,
  type BugHistoryResult,
  bugStream,
  hasPermission,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { actorOf, buildHistory } from '@tracker/bugs/domain';
import { domainEvent, EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import { BugFinder, refsOf } from '../access/bug-finder';

/**
 * Bug.history: read from each bug's own stream at the moment of the request (no read
 * model to lag), formatted as Bugzilla writes its activity rows, filtered for the reader
 * (time tracking, comments made private), `new_since` strictly after.
 */
@MessageHandler(BUG_HISTORY_SUBJECT)
export class BugHistoryHandler {
  constructor(
    private readonly finder: BugFinder,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async handle(request: ServiceRequest<BugHistoryParams>): Promise<BugHistoryResult> {
    const { auth, params } = request;
    const docs = await this.finder.findAll(request, actorOf(auth), refsOf(params.id, params.ids));
    const reader = { timetracker: hasPermission(auth, 'timetracker'), insider: hasPermission(auth, 'insider') };
    const bugs = await Promise.all(
      docs.map(async (doc) => {
        const recorded = await this.store.readStream(bugStream(doc.id));
        const events = recorded.map((event) => ({ event: domainEvent<BugEvent>(event), occurredAt: event.metadata.occurredAt }));
        return { id: doc.id, alias: doc.fields.alias, history: buildHistory(events, reader, params.new_since ?? null) };
      }),
    );
    return { bugs };
  }
}
