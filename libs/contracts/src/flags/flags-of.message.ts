/**
 * The flags of bugs and attachments, for the gateway's composition of bug and attachment
 * objects (docs/bug-stream-writes.md §4): one call per response, only with ids the owning
 * service has just returned to the same caller, so flags applies no visibility of its own.
 * Each list is in flag order (type sort key, type name, flag id); ids without flags are absent.
 */
export const FLAGS_OF_SUBJECT = 'flags.of';

export interface FlagsOfParams {
  readonly bugIds?: readonly number[];
  readonly attachmentIds?: readonly number[];
  /**
   * ISO-8601: the flags as they were at that instant (docs/as-of.md), folded from the streams
   * of `bugIds`; the attachments of `attachmentIds` must be on those bugs
   */
  readonly asOf?: string;
}

/** The contract's flag object. */
export interface FlagWire {
  readonly id: number;
  /** the type's current name */
  readonly name: string;
  readonly type_id: number;
  /** `YYYY-MM-DDTHH:MM:SSZ` */
  readonly creation_date: string;
  readonly modification_date: string;
  readonly status: string;
  /** current login */
  readonly setter: string;
  /** current login; present only when a requestee is set */
  readonly requestee?: string;
}

export interface FlagsOfResult {
  /** bug flags (not those of its attachments) by bug id */
  readonly bugs: Readonly<Record<string, readonly FlagWire[]>>;
  readonly attachments: Readonly<Record<string, readonly FlagWire[]>>;
}
