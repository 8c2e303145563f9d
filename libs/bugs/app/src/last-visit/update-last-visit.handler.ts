import {
  formatDateTime,
  isLoggedIn,
  lastVisitStream,
  type LastVisitParams,
  type LastVisitWire,
  type ServiceRequest,
  UPDATE_LAST_VISIT_SUBJECT,
} from '@tracker/contracts';
import { actorOf, BugErrors, isInvolved, lastVisitDecider } from '@tracker/bugs/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { accessFacts, BugFinder } from '../access/bug-finder';
import { visitRefs } from './visit-refs';

/**
 * BugUserLastVisit.update: records now for bugs the caller can see and is involved in
 * (assignee, reporter, QA contact or CC; error 1300 otherwise, the contract's R5 code).
 */
@MessageHandler(UPDATE_LAST_VISIT_SUBJECT)
export class UpdateLastVisitHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly finder: BugFinder,
  ) {}

  async handle(request: ServiceRequest<LastVisitParams>): Promise<LastVisitWire[]> {
    const { auth } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const refs = visitRefs(request.params);
    if (refs.length === 0) throw BugErrors.paramRequired('ids', 'BugUserLastVisit.update');
    const docs = await this.finder.findAll(request, actorOf(auth), refs);
    for (const doc of docs) if (!isInvolved(auth.userId, accessFacts(doc))) throw BugErrors.userNotInvolved(doc.id);
    const context = this.commands.context(request);
    const visitedAt = context.occurredAt.toISOString();
    const stream = lastVisitStream(auth.userId);
    const result = await this.commands.append(
      lastVisitDecider,
      stream,
      { kind: 'RecordVisit', userId: auth.userId, bugIds: docs.map((doc) => doc.id), visitedAt },
      context,
    );
    await this.commands.visible([{ stream, position: result.position }], request.correlationId);
    return [...new Set(docs.map((doc) => doc.id))].map((id) => ({ id, last_visit_ts: formatDateTime(visitedAt) }));
  }
}
