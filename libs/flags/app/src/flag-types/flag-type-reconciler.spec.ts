import { ANONYMOUS, type FlagTypeEvent, isDomainError, type ServiceRequest } from '@tracker/contracts';
import { flagTypeDecider, type FlagTypeCommand } from '@tracker/flags/domain';
import { flagTypeSettings } from '@tracker/flags/domain/testing';
import type { CommandRunner } from '@tracker/platform/command-handler';
import type { EventStore } from '@tracker/platform/event-store';
import type { MessageBus } from '@tracker/platform/messaging';
import type { IdentityClient } from '../collaborators/identity.client';
import type { FlagQueries } from '../read-model/flag.queries';
import type { FlagTypeQueries } from '../read-model/flag-type.queries';
import { FlagTypeReconciler } from './flag-type-reconciler';

const CREATED: FlagTypeEvent = {
  type: 'FlagTypeCreated',
  data: { typeId: 5, ...flagTypeSettings('review', { description: 'Review' }) },
};
const NARROWED: FlagTypeEvent = {
  type: 'FlagTypeUpdated',
  data: {
    typeId: 5,
    changes: { inclusions: [{ product: { id: 1, name: 'P' }, component: null }] },
    before: { inclusions: [{ product: null, component: null }] },
    needsReconcile: true,
  },
};

/** One flag type stream in memory, decided and folded by the real decider. */
function streamOf(events: FlagTypeEvent[]): CommandRunner {
  const fold = () => events.reduce(flagTypeDecider.evolve, flagTypeDecider.initialState());
  return {
    load: async () => ({ state: fold(), revision: events.length - 1 }),
    context: () => ({ actor: 1, occurredAt: new Date(0), correlationId: 'c', causationId: 'c' }),
    run: async (_decider: unknown, _stream: string, command: FlagTypeCommand) => {
      const decided = flagTypeDecider.decide(command, fold());
      if (isDomainError(decided)) throw new Error(decided.message);
      events.push(...decided);
      return { events: decided, state: fold(), position: decided.length > 0 ? 1n : null };
    },
  } as unknown as CommandRunner;
}

describe('FlagTypeReconciler (docs/flags.md §2.5)', () => {
  const caller: Pick<ServiceRequest, 'auth' | 'correlationId'> = {
    auth: { ...ANONYMOUS, userId: 1, login: 'admin@example.com' },
    correlationId: 'c',
  };
  const flags = { bugsWithTypes: jest.fn(async () => [10, 11, 12]) } as unknown as FlagQueries;
  const reconcilerOf = (events: FlagTypeEvent[], bus: MessageBus) =>
    new FlagTypeReconciler(
      streamOf(events),
      flags,
      { pendingReconcile: async () => [5] } as unknown as FlagTypeQueries,
      {} as IdentityClient,
      bus,
      {} as EventStore,
    );

  it('asks every bug holding flags of the type, then marks the type reconciled up to the revision it read', async () => {
    const events = [CREATED, NARROWED];
    const request = jest.fn(async (_subject: string, message: { auth: { userId: number | null }; params: { bugId: number } }) => ({
      bugId: message.params.bugId,
      changed: true,
    }));
    await reconcilerOf(events, { request } as unknown as MessageBus).reconcile(5, caller);
    expect(request.mock.calls.map(([subject, message]) => [subject, message.params.bugId, message.auth.userId])).toEqual([
      ['bugs.flags.reconcile', 10, 1],
      ['bugs.flags.reconcile', 11, 1],
      ['bugs.flags.reconcile', 12, 1],
    ]);
    expect(events.at(-1)).toEqual({ type: 'FlagTypeReconciled', data: { typeId: 5, upToRevision: 1 } });
  });

  it('keeps the type pending when a bug fails, and finishes on the next run (restartable)', async () => {
    const events = [CREATED, NARROWED];
    let failing = true;
    const request = jest.fn(async (_subject: string, message: { params: { bugId: number } }) => {
      if (message.params.bugId === 11 && failing) throw new Error('bugs is down');
      return { bugId: message.params.bugId, changed: false };
    });
    const reconciler = reconcilerOf(events, { request } as unknown as MessageBus);
    await expect(reconciler.reconcile(5, caller)).rejects.toThrow('bugs is down');
    expect(events.map((event) => event.type)).toEqual(['FlagTypeCreated', 'FlagTypeUpdated']);
    failing = false;
    await reconciler.reconcile(5, caller);
    expect(events.map((event) => event.type)).toEqual(['FlagTypeCreated', 'FlagTypeUpdated', 'FlagTypeReconciled']);
  });

  it('does nothing for a settled type', async () => {
    const events = [CREATED, NARROWED, { type: 'FlagTypeReconciled', data: { typeId: 5, upToRevision: 1 } } as FlagTypeEvent];
    const request = jest.fn();
    await reconcilerOf(events, { request } as MessageBus).reconcile(5, caller);
    expect(request).not.toHaveBeenCalled();
    expect(events).toHaveLength(3);
  });
});
