import type { CurrentFlag, FlagChangeReason, FlagStatus, UserRef } from '@tracker/contracts';

/** A flag while the decision works on it: its type by id, users by reference. */
export interface WorkingFlag {
  readonly flagId: number;
  readonly attachmentId: number | null;
  readonly typeId: number;
  readonly status: FlagStatus;
  readonly setter: UserRef;
  readonly requestee: UserRef | null;
}

/**
 * The bug's flags as one decision changes them, step by step; the state it started from
 * stays in `original`. Each flag changed remembers the first reason it changed for, and each
 * target the order it was first touched in (the order of the events).
 */
export class FlagWorkspace {
  readonly original: readonly WorkingFlag[];
  private flags: WorkingFlag[];
  private readonly reasons = new Map<number, FlagChangeReason>();
  private readonly touched: Array<number | null> = [];
  private readonly freshIds: number[];
  /** type names as the bug's stream last named them, for types the decision was not told of */
  private readonly typeNames: ReadonlyMap<number, string>;

  constructor(current: readonly CurrentFlag[], flagIds: readonly number[]) {
    this.typeNames = new Map(current.map((flag) => [flag.type.id, flag.type.name]));
    this.original = current.map((flag) => ({
      flagId: flag.flagId,
      attachmentId: flag.attachmentId,
      typeId: flag.type.id,
      status: flag.status,
      setter: flag.setter,
      requestee: flag.requestee,
    }));
    this.flags = [...this.original];
    this.freshIds = [...flagIds];
  }

  /** The target's flags now, by flag id. */
  flagsOf(attachmentId: number | null): WorkingFlag[] {
    return this.flags.filter((flag) => flag.attachmentId === attachmentId).sort((a, b) => a.flagId - b.flagId);
  }

  find(flagId: number): WorkingFlag | undefined {
    return this.flags.find((flag) => flag.flagId === flagId);
  }

  /** A flag id for a new flag; the handler allocates one per input, so running out is a bug. */
  nextFlagId(): number {
    const id = this.freshIds.shift();
    if (id === undefined) throw new Error('the flag decision ran out of allocated flag ids');
    return id;
  }

  put(flag: WorkingFlag, reason: FlagChangeReason): void {
    const at = this.flags.findIndex((known) => known.flagId === flag.flagId);
    if (at === -1) this.flags.push(flag);
    else this.flags[at] = flag;
    this.note(flag.flagId, flag.attachmentId, reason);
  }

  remove(flag: WorkingFlag, reason: FlagChangeReason): void {
    this.flags = this.flags.filter((known) => known.flagId !== flag.flagId);
    this.note(flag.flagId, flag.attachmentId, reason);
  }

  recordedTypeName(typeId: number): string {
    return this.typeNames.get(typeId) ?? '';
  }

  reasonOf(flagId: number): FlagChangeReason {
    return this.reasons.get(flagId) ?? 'request';
  }

  /** Every target that may have changed, in the order first touched. */
  targets(): ReadonlyArray<number | null> {
    return this.touched;
  }

  private note(flagId: number, attachmentId: number | null, reason: FlagChangeReason): void {
    if (!this.reasons.has(flagId)) this.reasons.set(flagId, reason);
    if (!this.touched.includes(attachmentId)) this.touched.push(attachmentId);
  }
}
