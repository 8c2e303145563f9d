import { Inject, Injectable } from '@nestjs/common';
import {
  ANONYMOUS,
  type AuthContext,
  type FlagTypeEvent,
  flagTypeStream,
  RECONCILE_BUG_FLAGS_SUBJECT,
  type ReconcileBugFlagsParams,
  type ReconcileBugFlagsResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { flagTypeDecider, needsReconcile } from '@tracker/flags/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { domainEvent, EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';
import { IdentityClient } from '../collaborators/identity.client';
import { FlagQueries } from '../read-model/flag.queries';
import { FlagTypeQueries } from '../read-model/flag-type.queries';

type Caller = Pick<ServiceRequest, 'auth' | 'correlationId'>;

/** Bugs asked at once: each is one load, one flags.decide and at most one append. */
const CONCURRENT_BUGS = 8;

/**
 * The reconciler of docs/flags.md §2.5 (Bugzilla's FlagType update: force_retarget of the
 * flags out of scope, requestees dropped when specific requests end): every bug holding a
 * flag of the type is asked to bring its flags in line (`bugs.flags.reconcile`, idempotent),
 * and only when every bug answered is FlagTypeReconciled appended, covering the revision read
 * at the start. A crash part-way leaves `needs_reconcile` set; `reconcilePending` finishes it.
 */
@Injectable()
export class FlagTypeReconciler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly flags: FlagQueries,
    private readonly types: FlagTypeQueries,
    private readonly identity: IdentityClient,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Reconciles the type as `caller` (the changer of the flags cleared); nothing when it is settled. */
  async reconcile(typeId: number, caller: Caller): Promise<void> {
    const stream = flagTypeStream(typeId);
    const { state } = await this.commands.load(flagTypeDecider, stream);
    if (state.kind !== 'present' || !needsReconcile(state)) return;
    const upToRevision = state.revision;
    const bugIds = await this.flags.bugsWithTypes([typeId]);
    for (let start = 0; start < bugIds.length; start += CONCURRENT_BUGS) {
      await Promise.all(
        bugIds.slice(start, start + CONCURRENT_BUGS).map((bugId) =>
          this.bus.request<ReconcileBugFlagsResult, ReconcileBugFlagsParams>(RECONCILE_BUG_FLAGS_SUBJECT, {
            ...caller,
            params: { bugId },
          }),
        ),
      );
    }
    const context = this.commands.context({ ...caller, params: {} });
    await this.commands.run(flagTypeDecider, stream, { kind: 'MarkFlagTypeReconciled', upToRevision }, context);
  }

  /** Every type left pending (a crash, a failed call), each as the user whose update asked for it. */
  async reconcilePending(correlationId: string): Promise<number[]> {
    const pending = await this.types.pendingReconcile();
    for (const typeId of pending) await this.reconcile(typeId, { auth: await this.updaterOf(typeId, correlationId), correlationId });
    return pending;
  }

  /** The actor of the type's last update that needed reconciling, as an AuthContext; logged out when unknown. */
  private async updaterOf(typeId: number, correlationId: string): Promise<AuthContext> {
    const recorded = await this.store.readStream(flagTypeStream(typeId), { direction: 'backwards' });
    const update = recorded.find((event) => {
      const decoded = domainEvent<FlagTypeEvent>(event);
      return decoded.type === 'FlagTypeUpdated' && decoded.data.needsReconcile;
    });
    const actor = update?.metadata.actor ?? null;
    if (actor === null) return ANONYMOUS;
    const { users } = await this.identity.users({ auth: ANONYMOUS, correlationId }, { ids: [actor], withAccess: true });
    const user = users[0];
    if (!user) return ANONYMOUS;
    return {
      ...ANONYMOUS,
      userId: user.id,
      login: user.login,
      realName: user.realName,
      groupIds: user.access?.groupIds ?? [],
      permissions: user.access?.permissions ?? [],
    };
  }
}
