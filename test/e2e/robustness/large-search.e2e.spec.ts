import { randomUUID } from 'node:crypto';
import { type BugCreatedData, bugStream } from '@tracker/contracts';
import { sleep } from '@tracker/testing';
import { describeInBothModes } from '../../support/modes';
import { ADMIN, ANONYMOUS, type BugObject, BugsWorld } from '../bugs/support/bugs-world';
import { appendNewStreams, type NewStream } from './support/append-new-streams';

const BUGS = 10_000;

/**
 * Issue 13, item 3: no answer is bounded by NATS's 1 MB max_payload. 10,000 bugs (the
 * default TRACKER_MAX_SEARCH_RESULTS) are put straight into the log as copies of one bug
 * made over HTTP (a thousand new streams a statement, through the event store's own append
 * function), then `limit=0` with every default field crosses the bus (tens of MB in
 * chunks, in distributed mode) and comes back whole through the gateway.
 */
describeInBothModes('a search answering 10,000 bugs', (tracker) => {
  const world = new BugsWorld(() => tracker().baseUrl);
  let product: string;
  let firstId: number;

  beforeAll(async () => {
    product = await world.product('Huge');
    firstId = await world.bug(ADMIN, product, { summary: 'huge 0', description: 'the first of many' });
    const store = await tracker().eventStore();
    const [template] = await store.readStream(bugStream(firstId));
    if (template?.type !== 'BugCreated') throw new Error(`bug ${firstId} starts with ${template?.type}`);
    const data = template.data as BugCreatedData;
    const copy = (i: number): NewStream => {
      const bugId = firstId + i;
      const created: BugCreatedData = {
        ...data,
        bugId,
        fields: { ...data.fields, summary: `huge ${i}`, whiteboard: `[copy ${i}]` },
        description: { ...data.description, commentId: data.description.commentId + i, text: `copy ${i} of bug ${firstId}` },
      };
      const metadata = { ...template.metadata, correlationId: `e2e-${randomUUID()}` };
      return {
        streamName: bugStream(bugId),
        events: [{ type: 'BugCreated', data: created, schemaVersion: template.schemaVersion, metadata }],
      };
    };
    // a thousand new streams a statement: appended one at a time, the live projections of every
    // service took their turns with each append, and this took most of the suite's time
    const copies = Array.from({ length: BUGS - 1 }, (_, k) => copy(k + 1));
    await appendNewStreams(tracker().databaseConnection(), copies);
    // the bugs projection catches up in the background; the ids-only search shows when
    for (const deadline = Date.now() + 240_000; ; await sleep(250)) {
      const { bugs } = await world.ok<{ bugs: BugObject[] }>(ADMIN, 'GET', `/bug?product=${product}&limit=0&include_fields=id`);
      if (bugs.length === BUGS) break;
      if (Date.now() > deadline) throw new Error(`only ${bugs.length} bugs projected`);
    }
  }, 300_000);

  it('answers limit=0 with all 10,000 bugs and every default field, logged out', async () => {
    const response = await world.call(ANONYMOUS, 'GET', `/bug?product=${encodeURIComponent(product)}&limit=0`);
    expect(response.status).toBe(200);
    expect(response.text.length).toBeGreaterThan(5 * 1024 * 1024);
    const { bugs } = response.json<{ bugs: BugObject[] }>();
    expect(bugs).toHaveLength(BUGS);
    expect(bugs.map((bug) => bug.id)).toEqual(Array.from({ length: BUGS }, (_, i) => firstId + i));
    for (const i of [0, 1, 4999, BUGS - 1]) {
      expect(bugs[i]).toMatchObject({
        id: firstId + i,
        summary: `huge ${i}`,
        product,
        component: 'Main',
        status: 'CONFIRMED',
        creator: ADMIN.login,
        assigned_to: ADMIN.login,
        is_open: true,
      });
    }
    expect(bugs[BUGS - 1]?.['whiteboard']).toBe(`[copy ${BUGS - 1}]`);
  }, 120_000);

  it("answers the issue's own call (summary, limit=3000, ids only) and the service keeps running", async () => {
    const { bugs } = await world.ok<{ bugs: BugObject[] }>(
      ANONYMOUS,
      'GET',
      `/bug?product=${encodeURIComponent(product)}&summary=huge&limit=3000&include_fields=id`,
    );
    expect(bugs).toHaveLength(3000);
    expect(bugs.at(-1)).toEqual({ id: firstId + 2999 });
    const health = await world.ok<{ status: string }>(ANONYMOUS, 'GET', '/health');
    expect(health.status).toBe('ok');
  }, 60_000);
});
