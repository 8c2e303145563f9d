import * as fc from 'fast-check';
import { ALL_ROUTES, type Route } from '@tracker/gateway';
import type { MessageBus } from '@tracker/platform/messaging';
import type { EventStore } from '@tracker/platform/event-store';
import { type HttpResponse, http } from '@tracker/testing';
import { describeInBothModes } from '../../../support/modes';
import { ADMIN, ANONYMOUS, type Caller } from '../../../support/world';
import { BugsWorld } from '../../bugs/support/bugs-world';
import { fillPath, malformedBody, malformedQuery, pathSegment, segmentCount } from './fuzz-inputs';

/**
 * Issue 13, item 6: every route of the gateway's route table (so a new route is fuzzed
 * without touching this file), called with generated malformed input as an anonymous user,
 * a plain user and the administrator. Every answer is below 500; every error is in the
 * envelope; a refused request appends nothing to the log; afterwards the installation is
 * healthy and starts again on the same data. Seeded (FUZZ_SEED) and bounded (FUZZ_CASES
 * a route and caller), so a failure replays.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 13);
const CASES = Number(process.env['FUZZ_CASES'] ?? 8);
const ROUTES: readonly Route[] = ALL_ROUTES.flatMap((source) => source({} as MessageBus));
/** the administrator's rebuilds really rebuild (their read model answers 503 meanwhile): others are refused them */
const adminMayCall = (route: Route): boolean => !route.path.endsWith('/rebuild');

interface Case {
  readonly caller: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly body: string | undefined;
}

describeInBothModes('fuzz over every route', (tracker, mode) => {
  const world = new BugsWorld(() => tracker().baseUrl);
  let store: EventStore;
  let plain: Caller;
  const existing: string[] = [];

  beforeAll(async () => {
    store = await tracker().eventStore();
    plain = await world.user('fuzzed');
    const product = await world.product('Fuzzed');
    const bugId = await world.bug(ADMIN, product, { summary: 'fuzz target' });
    const comments = await world.ok<{ bugs: Record<string, { comments: Array<{ id: number }> }> }>(ADMIN, 'GET', `/bug/${bugId}/comment`);
    const group = await world.group('fuzzed');
    existing.push(String(bugId), String(comments.bugs[String(bugId)]?.comments[0]?.id ?? 0), encodeURIComponent(plain.login));
    existing.push(encodeURIComponent(group), encodeURIComponent(product), String(plain.id), 'identity');
  }, 120_000);

  it('answers every malformed request below 500, in the envelope, and changes nothing it refuses', async () => {
    const callers: ReadonlyArray<[string, Caller]> = [
      ['anonymous', ANONYMOUS],
      ['plain', plain],
      ['admin', ADMIN],
    ];
    const failures: string[] = [];
    let count = 0;
    const started = Date.now();
    for (const [index, route] of ROUTES.entries()) {
      for (const [name, caller] of callers) {
        if (name === 'admin' && !adminMayCall(route)) continue;
        const inputs = fc.sample(
          fc.tuple(
            fc.array(pathSegment(existing), { minLength: segmentCount(route), maxLength: segmentCount(route) }),
            malformedQuery,
            malformedBody,
          ),
          { seed: SEED + index, numRuns: CASES },
        );
        for (const [segments, query, body] of inputs) {
          const fuzzCase: Case = {
            caller: name,
            method: route.method,
            path: fillPath(route, segments),
            query,
            body: route.method === 'GET' ? undefined : body,
          };
          count += 1;
          const problem = await check(fuzzCase, caller);
          if (problem) failures.push(problem);
        }
      }
    }
    console.info(
      `fuzz [${mode}]: ${count} cases over ${ROUTES.length} routes in ${Math.round((Date.now() - started) / 1000)} s (seed ${SEED})`,
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('is healthy afterwards, and starts again on the same data', async () => {
    const healthy = async (): Promise<string> => (await world.call(ANONYMOUS, 'GET', '/health')).json<{ status: string }>().status;
    expect(await healthy()).toBe('ok');
    await tracker().restart();
    expect(await healthy()).toBe('ok');
    const group = await world.ok<{ id: number }>(ADMIN, 'POST', '/group', { name: `after-fuzz-${world.suffix}`, description: 'd' }, 201);
    expect(group.id).toBeGreaterThan(0);
  }, 180_000);

  /** what is wrong with the answer to one case, or null */
  async function check(fuzzCase: Case, caller: Caller): Promise<string | null> {
    const before = await store.lastPosition();
    let response: HttpResponse;
    try {
      response = await http(tracker().baseUrl, `/rest${fuzzCase.path}${fuzzCase.query ? `?${fuzzCase.query}` : ''}`, {
        method: fuzzCase.method,
        headers: { accept: 'application/json', 'content-type': 'application/json', ...caller.headers },
        ...(fuzzCase.body !== undefined ? { body: fuzzCase.body } : {}),
      });
    } catch (error) {
      return `${caseLabel(fuzzCase)}: no answer (${String(error)})`;
    }
    if (response.status >= 500) return `${caseLabel(fuzzCase)}: ${response.status} ${response.text.slice(0, 300)}`;
    if (response.status < 400) return null;
    const problem = envelopeProblem(response);
    if (problem) return `${caseLabel(fuzzCase)}: ${problem}`;
    const after = await store.lastPosition();
    return after === before ? null : `${caseLabel(fuzzCase)}: refused with ${response.status} but the log moved from ${before} to ${after}`;
  }
});

function envelopeProblem(response: HttpResponse): string | null {
  let body: Record<string, unknown>;
  // a valid `callback` asks for JSONP (as Bugzilla): the envelope is the call's argument
  const jsonp = /^\/\*\*\/[\w.$[\]]+\(([\s\S]*)\)$/.exec(response.text);
  try {
    body = JSON.parse(jsonp?.[1] ?? response.text) as Record<string, unknown>;
  } catch {
    return `${response.status} not JSON: ${response.text.slice(0, 200)}`;
  }
  const fine =
    body['error'] === true &&
    typeof body['code'] === 'number' &&
    typeof body['message'] === 'string' &&
    typeof body['documentation'] === 'string';
  return fine ? null : `${response.status} outside the envelope: ${response.text.slice(0, 200)}`;
}

function caseLabel(fuzzCase: Case): string {
  const body =
    fuzzCase.body === undefined
      ? ''
      : ` ${fuzzCase.body.slice(0, 120)}${fuzzCase.body.length > 120 ? `… (${fuzzCase.body.length} bytes)` : ''}`;
  return `${fuzzCase.caller} ${fuzzCase.method} ${fuzzCase.path.slice(0, 80)}?${fuzzCase.query.slice(0, 120)}${body}`;
}
