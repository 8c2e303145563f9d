import type { FlagAttachmentFacts, UserRef } from '@tracker/contracts';
import { appliesTo } from '../flag-type/flag-type-scope';
import type { DecideFlags, FlagTypeFacts, FlagUser } from './decide-flags.command';
import type { RequesteeTarget } from './requestee-check';

/** Lookups over one decision's facts: which types apply to a target, who a login or id is. */
export class DecisionContext {
  constructor(readonly command: DecideFlags) {}

  get callerRef(): UserRef {
    return { id: this.command.caller.id, login: this.command.caller.login };
  }

  /** Bugzilla's flag_types of the bug or an attachment: its kind, applying to the bug's product and component, in list order. */
  typesFor(attachmentId: number | null): FlagTypeFacts[] {
    const kind = attachmentId === null ? 'bug' : 'attachment';
    const { productId, componentId } = this.command.bug;
    return this.command.types.filter((type) => type.targetType === kind && appliesTo(type, productId, componentId)).sort(byTypeOrder);
  }

  type(typeId: number): FlagTypeFacts | undefined {
    return this.command.types.find((type) => type.id === typeId);
  }

  attachment(attachmentId: number | null): FlagAttachmentFacts | null {
    return attachmentId === null ? null : (this.command.attachments.find((attachment) => attachment.id === attachmentId) ?? null);
  }

  /** A login, regardless of case; the caller is always known (asking oneself is allowed). */
  userByLogin(login: string): FlagUser | undefined {
    const wanted = login.toLowerCase();
    return [this.command.caller, ...this.command.users].find((user) => user.login.toLowerCase() === wanted);
  }

  /** The user as identity knows them now; the caller is always known. */
  userById(id: number): FlagUser | undefined {
    return id === this.command.caller.id ? this.command.caller : this.command.users.find((user) => user.id === id);
  }

  /** A user reference with the current login when identity told it. */
  fresh(ref: UserRef): UserRef {
    const user = this.userById(ref.id);
    return user ? { id: user.id, login: user.login } : ref;
  }

  requesteeTarget(attachmentId: number | null): RequesteeTarget {
    return {
      bugId: this.command.bugId,
      bug: this.command.bug,
      attachment: this.attachment(attachmentId),
      insiderGroup: this.command.insiderGroup,
    };
  }
}

/** Flag types are listed, and flags ordered, by sort key, then name, then id. */
export function byTypeOrder(a: Pick<FlagTypeFacts, 'sortKey' | 'name' | 'id'>, b: Pick<FlagTypeFacts, 'sortKey' | 'name' | 'id'>): number {
  return a.sortKey - b.sortKey || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id;
}
