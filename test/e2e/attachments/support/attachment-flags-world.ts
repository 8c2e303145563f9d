import { ADMIN, type Attachment, AttachmentsWorld, type Caller } from './attachments-world';

/** The contract's flag object as the tests read it. */
export interface FlagBody {
  readonly id: number;
  readonly name: string;
  readonly type_id: number;
  readonly status: string;
  readonly setter: string;
  readonly requestee?: string;
  readonly creation_date: string;
  readonly modification_date: string;
}

export type FlaggedAttachment = Attachment & { flags: FlagBody[] };

export interface HistoryRow {
  readonly who: string;
  readonly field_name: string;
  readonly removed: string;
  readonly added: string;
  readonly attachment_id?: number;
}

/** The attachment suites' world plus flag types, attachment flags and the `flagtypes.name` history rows. */
export class AttachmentFlagsWorld extends AttachmentsWorld {
  async flagType(body: Record<string, unknown>): Promise<number> {
    return (await this.ok<{ id: number }>(ADMIN, 'POST', '/flag_type', body, 201)).id;
  }

  async flagsOf(caller: Caller, attachmentId: number): Promise<FlagBody[]> {
    return ((await this.attachment(caller, attachmentId)) as FlaggedAttachment | undefined)?.flags ?? [];
  }

  /** `{id, status, setter, requestee}` of each flag, in the order read. */
  async flagSummary(caller: Caller, attachmentId: number): Promise<Array<Record<string, unknown>>> {
    return (await this.flagsOf(caller, attachmentId)).map(({ name, status, setter, requestee }) => ({
      name,
      status,
      setter,
      ...(requestee === undefined ? {} : { requestee }),
    }));
  }

  async flagHistory(caller: Caller, bug: number): Promise<HistoryRow[]> {
    const reply = await this.ok<{ bugs: Array<{ history: Array<{ who: string; changes: Array<Omit<HistoryRow, 'who'>> }> }> }>(
      caller,
      'GET',
      `/bug/${bug}/history`,
    );
    return (reply.bugs[0]?.history ?? []).flatMap((entry) =>
      entry.changes.filter((row) => row.field_name === 'flagtypes.name').map((row) => ({ who: entry.who, ...row })),
    );
  }
}

export interface AttachmentsReplyWithFlags {
  bugs: Record<string, FlaggedAttachment[]>;
  attachments: Record<string, FlaggedAttachment>;
}
