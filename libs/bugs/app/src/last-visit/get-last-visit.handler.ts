import { Inject } from '@nestjs/common';
import {
  formatDateTime,
  GET_LAST_VISIT_SUBJECT,
  isLoggedIn,
  type LastVisitParams,
  type LastVisitWire,
  type ServiceRequest,
} from '@tracker/contracts';
import { actorOf, BugErrors } from '@tracker/bugs/domain';
import { MessageHandler } from '@tracker/platform/messaging';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { BugFinder } from '../access/bug-finder';
import { BugQueries } from '../read-model/bug.queries';
import { visitRefs } from './visit-refs';

/** BugUserLastVisit.get: the caller's visits of the bugs asked, or the most recent 20 (R6). */
@MessageHandler(GET_LAST_VISIT_SUBJECT)
export class GetLastVisitHandler {
  constructor(
    private readonly finder: BugFinder,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
  ) {}

  async handle(request: ServiceRequest<LastVisitParams>): Promise<LastVisitWire[]> {
    const { auth } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const refs = visitRefs(request.params);
    const ids = refs.length === 0 ? null : (await this.finder.findAll(request, actorOf(auth), refs)).map((doc) => doc.id);
    const rows = await new BugQueries(this.readModel.dataSource).lastVisits(auth.userId, ids);
    return rows.map((row) => ({ id: row.bug_id, last_visit_ts: formatDateTime(row.visited_at) }));
  }
}
