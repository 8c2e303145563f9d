import { Inject } from '@nestjs/common';
import { DECIDE_FLAGS_SUBJECT, type DecideFlagsParams, type DecideFlagsResult, type ServiceRequest } from '@tracker/contracts';
import { type DecideFlags, decideFlags, flagDecisionResult, flagIdsNeeded, type FlagUser } from '@tracker/flags/domain';
import { MessageHandler } from '@tracker/platform/messaging';
import { IdSequences } from '@tracker/platform/read-model';
import { IdentityClient } from '../collaborators/identity.client';
import { FLAGS_OPTIONS, type FlagsOptions } from '../flags.options';
import type { FlagsSequence } from '../flags.sequences';
import { FlagTypeQueries } from '../read-model/flag-type.queries';
import { callerOf, flagTypeFacts, flagUserOf, usersNamed } from './decision-facts';

/**
 * flags.decide (docs/bug-stream-writes.md §2.2): the bugs service sends, for every bug of a
 * request, the bug as it will be, its current flags (folded from its stream) and the
 * caller's inputs; this adds the flag types (read model), the users named (identity, with
 * their groups) and fresh flag ids, and runs the pure flag decision per bug. Nothing is
 * appended here: bugs appends the events with the bug's change.
 */
@MessageHandler(DECIDE_FLAGS_SUBJECT)
export class DecideFlagsHandler {
  constructor(
    private readonly types: FlagTypeQueries,
    private readonly identity: IdentityClient,
    private readonly ids: IdSequences<FlagsSequence>,
    @Inject(FLAGS_OPTIONS) private readonly options: FlagsOptions,
  ) {}

  async handle(request: ServiceRequest<DecideFlagsParams>): Promise<DecideFlagsResult> {
    const { bugs } = request.params;
    if (bugs.length === 0) return { bugs: [] };
    const named = usersNamed(bugs);
    const [records, lookup] = await Promise.all([
      this.types.all(),
      this.identity.users(request, { logins: named.logins, ids: named.ids, withAccess: true }),
    ]);
    const types = records.map(flagTypeFacts);
    const users: FlagUser[] = lookup.users.map(flagUserOf);
    const caller = callerOf(request.auth);
    const results = [];
    for (const bug of bugs) {
      const flagIds = await this.allocate(flagIdsNeeded(bug.inputs));
      const { currentFlags, ...rest } = bug;
      const command: DecideFlags = { ...rest, kind: 'DecideFlags', caller, types, users, flagIds, insiderGroup: this.options.insiderGroup };
      results.push(flagDecisionResult(command, decideFlags(command, currentFlags)));
    }
    return { bugs: results };
  }

  private allocate(count: number): Promise<number[]> {
    return Promise.all(Array.from({ length: count }, () => this.ids.next('flag_ids')));
  }
}
