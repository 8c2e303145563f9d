import { randomUUID } from 'node:crypto';
import { type HttpResponse, http, jsonCall } from '@tracker/testing';

/** What a check of an operation in doubt found: its bug, that it is not there, or nothing (the read failed). */
type Found = number | 'absent' | 'unknown';

/** One answered or failed attempt (a retry is an attempt of its own), by the time it ended. */
export interface Attempt {
  readonly at: number;
  readonly ok: boolean;
  /** the operation (its summary or whiteboard) and how the attempt ended */
  readonly what: string;
}

/** A retryable failure waits this long before its retry; an in-flight or in-doubt key is checked after IN_DOUBT_WAIT_MS. */
const RETRY_MS = 200;
const IN_DOUBT_WAIT_MS = 5000;
/** Longest one operation may take, all retries included. */
const OPERATION_MS = 90_000;

/**
 * The create/update load of the fault tests: `creators` clients creating bugs and one
 * updater per given bug changing its whiteboard, each one request at a time, every request
 * with an Idempotency-Key, retried with the same key until answered, as a careful client
 * does (docs/operations.md, "Safe retries"): a refusal that says the key is in doubt (or
 * stuck in flight, left by a gateway that died) is checked by reading, and only a request
 * found not done is sent again under a new key.
 */
export class Load {
  readonly attempts: Attempt[] = [];
  /** acknowledged creations: summary to id */
  readonly created = new Map<string, number>();
  /** acknowledged whiteboards per updated bug, in order */
  readonly updated = new Map<number, string[]>();
  /** operations a client could not finish (the test fails on any) */
  readonly unfinished: string[] = [];
  private running = false;
  private loops: Array<Promise<void>> = [];

  constructor(
    private readonly baseUrl: string,
    private readonly headers: Readonly<Record<string, string>>,
    private readonly product: string,
    readonly tag: string,
  ) {}

  start(creators: number, bugsToUpdate: readonly number[]): void {
    this.running = true;
    this.loops = [
      ...Array.from({ length: creators }, (_, client) => this.loop((n) => this.create(`${this.tag} c${client} n${n}`))),
      ...bugsToUpdate.map((bug) => this.loop((n) => this.update(bug, `${this.tag} w${n}`))),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Acknowledgements in [from, to) (ms since the epoch). */
  acksBetween(from: number, to: number): number {
    return this.attempts.filter((attempt) => attempt.ok && attempt.at >= from && attempt.at < to).length;
  }

  private async loop(operation: (n: number) => Promise<void>): Promise<void> {
    for (let n = 0; this.running; n++) await operation(n);
  }

  private async create(summary: string): Promise<void> {
    const body = { product: this.product, component: 'Main', version: '1.0', op_sys: 'All', platform: 'All', summary, description: 'load' };
    const found = async (): Promise<Found> => {
      const response = await this.call('GET', `/bug?summary=${encodeURIComponent(summary)}&include_fields=id,summary&limit=0`);
      if (response?.status !== 200) return 'unknown';
      const bugs = response.json<{ bugs: Array<{ id: number; summary: string }> }>().bugs;
      return bugs.find((bug) => bug.summary === summary)?.id ?? 'absent';
    };
    const done = await this.untilDone(summary, 'POST', '/bug', body, found);
    if (done !== undefined) this.created.set(summary, done.kind === 'answer' ? done.response.json<{ id: number }>().id : done.id);
    else this.unfinished.push(`create ${summary}`);
  }

  private async update(bug: number, whiteboard: string): Promise<void> {
    const found = async (): Promise<Found> => {
      const response = await this.call('GET', `/bug/${bug}?include_fields=whiteboard`);
      if (response?.status !== 200) return 'unknown';
      return response.json<{ bugs: Array<{ whiteboard: string }> }>().bugs[0]?.whiteboard === whiteboard ? bug : 'absent';
    };
    const done = await this.untilDone(whiteboard, 'PUT', `/bug/${bug}`, { whiteboard }, found);
    if (done !== undefined) this.updated.set(bug, [...(this.updated.get(bug) ?? []), whiteboard]);
    else this.unfinished.push(`update ${bug} to ${whiteboard}`);
  }

  private async untilDone(
    operation: string,
    method: string,
    path: string,
    body: unknown,
    found: () => Promise<Found>,
  ): Promise<{ kind: 'answer'; response: HttpResponse } | { kind: 'found'; id: number } | undefined> {
    const deadline = Date.now() + OPERATION_MS;
    let key = randomUUID();
    let doubtSince: number | undefined;
    while (Date.now() < deadline) {
      const response = await this.call(method, path, body, { 'idempotency-key': key });
      const code = response && response.status >= 400 ? codeOf(response) : undefined;
      const outcome = response
        ? `${response.status} ${code ?? ''} ${response.status === 200 ? '' : response.text.slice(0, 200)}`
        : 'no answer';
      this.attempts.push({ at: Date.now(), ok: response?.status === 200, what: `${operation} [${key.slice(0, 8)}]: ${outcome}` });
      if (response?.status === 200) return { kind: 'answer', response };
      if (response && response.status < 500 && response.status !== 409)
        throw new Error(`${method} ${path} was refused: ${response.status} ${response.text}`);
      if (code === 32003 || code === 32004) {
        // in doubt, or in flight for a gateway that died: check, and send anew only what is not done
        // (a check that could not read proves nothing: only a read that answered "absent" does)
        doubtSince ??= Date.now();
        const id = await found();
        if (typeof id === 'number') return { kind: 'found', id };
        if (id === 'absent' && Date.now() - doubtSince >= IN_DOUBT_WAIT_MS) {
          key = randomUUID();
          doubtSince = undefined;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    return undefined;
  }

  private call(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<HttpResponse | undefined> {
    return http(this.baseUrl, `/rest${path}`, jsonCall(method, body, { ...this.headers, ...extra })).catch(() => undefined);
  }
}

function codeOf(response: HttpResponse): number | undefined {
  try {
    return response.json<{ code?: number }>().code;
  } catch {
    return undefined;
  }
}
