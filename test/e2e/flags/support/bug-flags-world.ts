import { ADMIN, type Caller, FlagTypesWorld } from './flag-types-world';

/** A flag in a bug object, as the tests read it. */
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

export interface HistoryRow {
  readonly who: string;
  readonly field_name: string;
  readonly removed: string;
  readonly added: string;
  readonly attachment_id?: number;
}

/** The flag-type world plus bugs with flags: create, read, history rows of `flagtypes.name`. */
export class BugFlagsWorld extends FlagTypesWorld {
  async bug(product: string, component: string, body: Record<string, unknown> = {}, caller: Caller = ADMIN): Promise<number> {
    const created = await this.ok<{ id: number }>(caller, 'POST', '/bug', {
      product,
      component,
      version: 'unspecified',
      summary: 'flags',
      ...body,
    });
    return created.id;
  }

  async read(id: number, caller: Caller = ADMIN): Promise<Record<string, unknown>> {
    return (await this.ok<{ bugs: Array<Record<string, unknown>> }>(caller, 'GET', `/bug/${id}`)).bugs[0] ?? {};
  }

  async flagsOf(id: number): Promise<FlagBody[]> {
    return (await this.read(id)).flags as FlagBody[];
  }

  /** `name status(requestee)` of each flag, in the bug object's order. */
  async summaries(id: number): Promise<string[]> {
    return (await this.flagsOf(id)).map((flag) => `${flag.name}${flag.status}${flag.requestee ? `(${flag.requestee})` : ''}`);
  }

  async flagHistory(id: number, caller: Caller = ADMIN): Promise<HistoryRow[]> {
    const reply = await this.ok<{ bugs: Array<{ history: Array<{ who: string; changes: Array<Omit<HistoryRow, 'who'>> }> }> }>(
      caller,
      'GET',
      `/bug/${id}/history`,
    );
    return (reply.bugs[0]?.history ?? []).flatMap((entry) =>
      entry.changes.filter((row) => row.field_name === 'flagtypes.name').map((row) => ({ who: entry.who, ...row })),
    );
  }
}
