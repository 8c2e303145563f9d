import type { NamedRef } from '../bugs/bug.events';
import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * The events of a flag type's stream (`flagtype-<id>`), appended only by the flags service.
 * Groups, products and components are named as they were when the event was written (the
 * `changes` report shows those names); reads join current names by id.
 */
export const FLAG_TYPE_STREAM_PREFIX = 'flagtype-';
export const flagTypeStream = (typeId: number): string => `${FLAG_TYPE_STREAM_PREFIX}${typeId}`;

export const FLAG_TARGET_TYPES = ['bug', 'attachment'] as const;
export type FlagTargetType = (typeof FLAG_TARGET_TYPES)[number];

/**
 * One inclusion or exclusion (Bugzilla's `flaginclusions` / `flagexclusions` row): a product
 * and a component, null meaning "any" (`__Any__`). A component always comes with its product.
 */
export interface FlagTypeClusion {
  readonly product: NamedRef | null;
  readonly component: NamedRef | null;
}

/** Everything a flag type is, as created; an update changes any of it but the target type. */
export interface FlagTypeSettings {
  readonly name: string;
  readonly description: string;
  readonly targetType: FlagTargetType;
  readonly sortKey: number;
  readonly isActive: boolean;
  readonly isRequestable: boolean;
  /** Bugzilla's is_requesteeble (`is_specifically_requestable` on input): a `?` may name a requestee */
  readonly isRequesteeble: boolean;
  readonly isMultiplicable: boolean;
  /** addresses told of requests of this type, in the order given */
  readonly ccList: readonly string[];
  /** members may set `+` and `-`; null: everyone */
  readonly grantGroup: NamedRef | null;
  /** members may request `?`; matters only with a grant group (docs/flags.md §3.4) */
  readonly requestGroup: NamedRef | null;
  /** where the type applies; an empty list applies nowhere */
  readonly inclusions: readonly FlagTypeClusion[];
  /** where it does not, whatever the inclusions say */
  readonly exclusions: readonly FlagTypeClusion[];
}

export type FlagTypeChanges = Partial<Omit<FlagTypeSettings, 'targetType'>>;

export type FlagTypeCreated = DomainEvent<'FlagTypeCreated', FlagTypeSettings & { readonly typeId: number }>;

/**
 * `changes` holds the new values of what changed, `before` the old ones of the same keys.
 * `needsReconcile`: the scope narrowed or specific requests ended, so flags already set must
 * be retargeted, cleared or lose their requestee (docs/flags.md §2.5) until a
 * FlagTypeReconciled covers this event's revision.
 */
export type FlagTypeUpdated = DomainEvent<
  'FlagTypeUpdated',
  { readonly typeId: number; readonly changes: FlagTypeChanges; readonly before: FlagTypeChanges; readonly needsReconcile: boolean }
>;

/** Every bug holding flags of the type reflects the type's stream up to `upToRevision`. */
export type FlagTypeReconciled = DomainEvent<'FlagTypeReconciled', { readonly typeId: number; readonly upToRevision: number }>;

export type FlagTypeEvent = FlagTypeCreated | FlagTypeUpdated | FlagTypeReconciled;

/** The flag types' streams, listed in STREAM_TYPES (with their case in the replay test). */
export const flagTypeStreamType = streamType<FlagTypeEvent>(FLAG_TYPE_STREAM_PREFIX, {
  FlagTypeCreated: [],
  FlagTypeUpdated: [],
  FlagTypeReconciled: [],
});
