import { assertNever, type FlagTypeEvent, type FlagTypeSettings } from '@tracker/contracts';

/** A flag type as its stream folds it. */
export type FlagTypeState = { readonly kind: 'absent' } | ExistingFlagType;

export interface ExistingFlagType extends FlagTypeSettings {
  readonly kind: 'present';
  readonly typeId: number;
  /** the stream revision of the last event folded (0-based, as the event store counts) */
  readonly revision: number;
  /** the revision of the last update whose effects on flags need reconciling; null when none ever did */
  readonly lastReconcileNeededAt: number | null;
  /** the revision the last FlagTypeReconciled covers; null when none was written */
  readonly reconciledUpTo: number | null;
}

export const initialFlagTypeState = (): FlagTypeState => ({ kind: 'absent' });

export function evolveFlagType(state: FlagTypeState, event: FlagTypeEvent): FlagTypeState {
  switch (event.type) {
    case 'FlagTypeCreated': {
      const { typeId, ...settings } = event.data;
      return { kind: 'present', typeId, ...settings, revision: 0, lastReconcileNeededAt: null, reconciledUpTo: null };
    }
    case 'FlagTypeUpdated': {
      if (state.kind === 'absent') return state;
      const revision = state.revision + 1;
      return {
        ...state,
        ...event.data.changes,
        revision,
        lastReconcileNeededAt: event.data.needsReconcile ? revision : state.lastReconcileNeededAt,
      };
    }
    case 'FlagTypeReconciled':
      if (state.kind === 'absent') return state;
      return { ...state, revision: state.revision + 1, reconciledUpTo: Math.max(state.reconciledUpTo ?? -1, event.data.upToRevision) };
    default:
      return assertNever(event, 'flag type event');
  }
}

/** Flags may still carry the effects of a narrowed scope or ended specific requests (docs/flags.md §2.5). */
export function needsReconcile(state: ExistingFlagType): boolean {
  return state.lastReconcileNeededAt !== null && (state.reconciledUpTo === null || state.reconciledUpTo < state.lastReconcileNeededAt);
}
