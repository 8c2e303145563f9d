import { Inject, Injectable } from '@nestjs/common';
import { formatDateTime, isLoggedIn, lastVisitStream, type LastVisitParams, type LastVisitWire, type ServiceRequest } from '@tracker/contracts';
import { actorOf, BugErrors, isInvolved, lastVisitDecider } from '@tracker/bugs/domain';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { accessFacts, BugFinder } from '../access/bug-finder';
import { BugCommands } from '../commands/bug-commands';
import { BugQueries } from '../read-model/bug.queries';

const idsOf = (params: LastVisitParams): string[] => [...new Set([...(params.id === undefined ? [] : [params.id]), ...(params.ids ?? [])])].map(String);

/**
 * BugUserLastVisit: `update` records now for bugs the caller can see and is involved in
 * (assignee, reporter, QA contact or CC; error 1300 otherwise, the contract's R5 code);
 * `get` lists the caller's visits of the bugs asked, or the most recent 20 (R6).
 */
@Injectable()
export class LastVisitHandler {
  constructor(
    private readonly commands: BugCommands,
    private readonly finder: BugFinder,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
  ) {}

  async update(request: ServiceRequest<LastVisitParams>): Promise<LastVisitWire[]> {
    const { auth } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const refs = idsOf(request.params);
    if (refs.length === 0) throw BugErrors.paramRequired('ids', 'BugUserLastVisit.update');
    const docs = await this.finder.findAll(request, actorOf(auth), refs);
    for (const doc of docs) if (!isInvolved(auth.userId, accessFacts(doc))) throw BugErrors.userNotInvolved(doc.id);
    const context = this.commands.context(request);
    const visitedAt = context.occurredAt.toISOString();
    const stream = lastVisitStream(auth.userId);
    const result = await this.commands.append(lastVisitDecider, stream, { kind: 'RecordVisit', userId: auth.userId, bugIds: docs.map((doc) => doc.id), visitedAt }, context);
    await this.commands.visible([{ stream, position: result.position }], request.correlationId);
    return [...new Set(docs.map((doc) => doc.id))].map((id) => ({ id, last_visit_ts: formatDateTime(visitedAt) }));
  }

  async get(request: ServiceRequest<LastVisitParams>): Promise<LastVisitWire[]> {
    const { auth } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const refs = idsOf(request.params);
    const ids = refs.length === 0 ? null : (await this.finder.findAll(request, actorOf(auth), refs)).map((doc) => doc.id);
    const rows = await new BugQueries(this.readModel.dataSource).lastVisits(auth.userId, ids);
    return rows.map((row) => ({ id: row.bug_id, last_visit_ts: formatDateTime(row.visited_at) }));
  }
}
