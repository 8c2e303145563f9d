import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, ANONYMOUS, type Attachment, AttachmentsWorld, type Caller, errorOf } from '../support/attachments-world';
import type { FlagBody } from '../support/attachment-flags-world';

type Actor = 'anonymous' | 'plain' | 'insider' | 'attacher' | 'editbugs' | 'outsider';
/** 200/201, or [status, code] of the refusal */
type Outcome = number | readonly [number, number];

/**
 * The permission matrix of docs/attachments.md §4.4, cell by cell, in both run modes. World:
 * public bug B with `pub` (by the attacher) and `priv` (by the attacher, made private by the
 * insider); bug C in a group the outsider is not in; editbugs for explicit members only.
 * Flag-only updates: a caller who may not edit an attachment changes only flags they set or
 * are asked for (docs/attachments.md §4.3).
 */
export function permissionCases(tracker: () => RunningTracker): void {
  describe('attachments: permission matrix', () => {
    const world = new AttachmentsWorld(() => tracker().baseUrl);
    const actors = new Map<Actor, Caller>();
    let bugB: number;
    let bugC: number;
    let pub: number;
    let priv: number;
    let onC: number;
    let review: string;

    beforeAll(async () => {
      await world.ok(ADMIN, 'PUT', '/group/editbugs', { user_regexp: '' });
      const group = await world.group('attsecret');
      const [plain, insider, attacher, editbugs, outsider] = await Promise.all([
        world.user('plain', [group]),
        world.user('insider', ['insiders', 'editbugs', group]),
        world.user('attacher', [group]),
        world.user('editbugs', ['editbugs', group]),
        world.user('outsider'),
      ]);
      actors.set('anonymous', ANONYMOUS).set('plain', plain).set('insider', insider).set('attacher', attacher);
      actors.set('editbugs', editbugs).set('outsider', outsider);
      bugB = await world.bug(ADMIN, 'Public bug B.');
      const where = await world.product('AttSecret', [{ group, entry: false, membercontrol: 'Shown', othercontrol: 'NA', canedit: false }]);
      bugC = await world.bug(ADMIN, 'Bug C.', { ...where, groups: [group] });
      [pub = 0] = await world.attach(attacher, bugB, 'pub', { summary: 'pub' });
      [priv = 0] = await world.attach(attacher, bugB, 'priv', { summary: 'priv' });
      await world.ok(insider, 'PUT', `/bug/attachment/${priv}`, { is_private: true });
      [onC = 0] = await world.attach(ADMIN, bugC, 'c', { summary: 'c' });
      review = `review-${world.suffix}`;
      await world.ok(ADMIN, 'POST', '/flag_type', { name: review, description: 'review', target_type: 'attachment' }, 201);
    }, 120_000);

    const caller = (actor: Actor): Caller => actors.get(actor) ?? ANONYMOUS;
    const outcome = async (method: string, path: string, actor: Actor, body?: unknown): Promise<Outcome> => {
      const response = await world.call(caller(actor), method, path, body);
      if (response.status < 300) return response.status;
      const { status, code } = errorOf(response);
      return [status, code];
    };
    const file = (extra: Record<string, unknown> = {}) => ({
      data: Buffer.from('m').toString('base64'),
      file_name: 'm.txt',
      summary: 'matrix',
      content_type: 'text/plain',
      ...extra,
    });

    it.each<[Actor, readonly string[]]>([
      ['anonymous', ['pub']],
      ['plain', ['pub']],
      ['insider', ['pub', 'priv']],
      ['attacher', ['pub', 'priv']],
      ['editbugs', ['pub']],
      ['outsider', ['pub']],
    ])('%s lists %j on B', async (actor, expected) => {
      const listed = await world.listed(caller(actor), bugB, '?include_fields=summary');
      expect(listed.map((entry) => entry.summary).filter((summary) => summary === 'pub' || summary === 'priv')).toEqual(expected);
    });

    it.each<[Actor, Outcome, Outcome]>([
      ['anonymous', 200, [401, 304]],
      ['plain', 200, [401, 304]],
      ['insider', 200, 200],
      ['attacher', 200, 200],
      ['editbugs', 200, [401, 304]],
      ['outsider', 200, [401, 304]],
    ])('%s reads pub: %j, priv: %j', async (actor, pubOutcome, privOutcome) => {
      expect(await outcome('GET', `/bug/attachment/${pub}`, actor)).toEqual(pubOutcome);
      expect(await outcome('GET', `/bug/attachment/${priv}`, actor)).toEqual(privOutcome);
    });

    it.each<[Actor, Outcome, Outcome]>([
      ['anonymous', [401, 410], [401, 410]],
      ['plain', 201, [401, 113]],
      ['insider', 201, 201],
      ['attacher', 201, [401, 113]],
      ['editbugs', 201, [401, 113]],
      ['outsider', 201, [401, 113]],
    ])('%s creates on B: %j, private: %j', async (actor, publicOutcome, privateOutcome) => {
      expect(await outcome('POST', `/bug/${bugB}/attachment`, actor, file())).toEqual(publicOutcome);
      expect(await outcome('POST', `/bug/${bugB}/attachment`, actor, file({ is_private: true }))).toEqual(privateOutcome);
    });

    it.each<[Actor, Outcome, Outcome]>([
      ['anonymous', [401, 410], [401, 410]],
      ['plain', [400, 32000], [400, 32000]],
      ['insider', 200, 200],
      ['attacher', 200, 200],
      ['editbugs', 200, [400, 32000]],
      ['outsider', [400, 32000], [400, 32000]],
    ])('%s updates the summary of pub: %j, of priv: %j', async (actor, pubOutcome, privOutcome) => {
      expect(await outcome('PUT', `/bug/attachment/${pub}`, actor, { summary: 'pub' })).toEqual(pubOutcome);
      expect(await outcome('PUT', `/bug/attachment/${priv}`, actor, { summary: 'priv' })).toEqual(privOutcome);
    });

    it('lets the attacher change privacy only as an insider (401/113)', async () => {
      expect(await outcome('PUT', `/bug/attachment/${priv}`, 'attacher', { is_private: false })).toEqual([401, 113]);
    });

    it('keeps bug C from the outsider: read 401/102, create 401/102, update 400/32000', async () => {
      expect(await outcome('GET', `/bug/${bugC}/attachment`, 'outsider')).toEqual([401, 102]);
      expect(await outcome('GET', `/bug/attachment/${onC}`, 'outsider')).toEqual([401, 102]);
      expect(await outcome('GET', `/bug/${bugC}/attachment`, 'anonymous')).toEqual([401, 102]);
      expect(await outcome('POST', `/bug/${bugC}/attachment`, 'outsider', file())).toEqual([401, 102]);
      expect(await outcome('PUT', `/bug/attachment/${onC}`, 'outsider', { summary: 'x' })).toEqual([400, 32000]);
      expect(errorOf(await world.call(caller('outsider'), 'PUT', `/bug/attachment/${onC}`, { summary: 'x' })).message).toBe(
        `You are not authorized to edit attachments on bug ${bugC}.`,
      );
    });

    const flagsOfPub = async (): Promise<FlagBody[]> =>
      ((await world.attachment(ADMIN, pub)) as (Attachment & { flags: FlagBody[] }) | undefined)?.flags ?? [];
    /** The attacher asks the plain user for review on pub and they answer: a flag the plain user set. */
    const plainFlag = async (): Promise<FlagBody> => {
      await world.ok(caller('attacher'), 'PUT', `/bug/attachment/${pub}`, {
        flags: [{ name: review, status: '?', requestee: caller('plain').login, new: true }],
      });
      const asked = (await flagsOfPub()).at(-1);
      await world.ok(caller('plain'), 'PUT', `/bug/attachment/${pub}`, { flags: [{ id: asked?.id, status: '+' }] });
      const flag = (await flagsOfPub()).find((candidate) => candidate.id === asked?.id);
      expect(flag).toMatchObject({ status: '+', setter: caller('plain').login });
      return flag as FlagBody;
    };

    it.each<[Actor, Outcome]>([
      ['anonymous', [401, 410]],
      ['plain', 200],
      ['insider', 200],
      ['attacher', 200],
      ['editbugs', 200],
      ['outsider', [400, 32000]],
    ])('%s changes a flag the plain user set on pub (flag-only update): %j', async (actor, expected) => {
      const flag = await plainFlag();
      const before = await flagsOfPub();
      expect(await outcome('PUT', `/bug/attachment/${pub}`, actor, { flags: [{ id: flag.id, status: '-' }] })).toEqual(expected);
      const after = (await flagsOfPub()).find((candidate) => candidate.id === flag.id);
      if (expected === 200) expect(after).toMatchObject({ status: '-', setter: caller(actor).login });
      else expect(await flagsOfPub()).toEqual(before);
    });

    it('keeps a flag-only update to flags of their own: fields, new flags or only flags of others are 32000, others skipped', async () => {
      const own = await plainFlag();
      await world.ok(caller('attacher'), 'PUT', `/bug/attachment/${pub}`, { flags: [{ name: review, status: '+', new: true }] });
      const others = (await flagsOfPub()).find((candidate) => candidate.setter !== caller('plain').login);
      expect(others).toBeDefined();
      const denied = { status: 400, code: 32000, message: `You are not authorized to edit attachment ${pub}.` };
      const before = await flagsOfPub();
      const tries: Array<Record<string, unknown>> = [
        { summary: 'not theirs', flags: [{ id: own.id, status: '-' }] },
        { flags: [{ name: review, status: '?', new: true }] },
        { flags: [{ id: others?.id, status: '-' }] },
        { flags: [] },
      ];
      for (const body of tries) expect(errorOf(await world.call(caller('plain'), 'PUT', `/bug/attachment/${pub}`, body))).toEqual(denied);
      expect(await flagsOfPub()).toEqual(before);
      await world.ok(caller('plain'), 'PUT', `/bug/attachment/${pub}`, {
        flags: [
          { id: others?.id, status: '-' },
          { id: own.id, status: '-' },
        ],
      });
      const after = await flagsOfPub();
      expect(after.find((candidate) => candidate.id === own.id)?.status).toBe('-');
      expect(after.find((candidate) => candidate.id === others?.id)).toEqual(before.find((candidate) => candidate.id === others?.id));
    });
  });
}
