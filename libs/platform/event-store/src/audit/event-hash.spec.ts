import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import { GENESIS_HASH, contentHash, linkHash } from './event-hash';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const event = {
  id: '00000000-0000-4000-8000-000000000042',
  type: 'BugCreated',
  schemaVersion: 1,
  data: { summary: 'Ünïcödé "quoted"\n', ids: [3, 1.5, -0], flags: { b: true, a: null } },
  metadata: { actor: 7, occurredAt: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'd' },
};

describe('canonical JSON (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units at every depth, integer-like keys included, with no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { z: [{ y: 2, x: 1 }], '10': 'ten', '2': 'two' }, é: 'ü', B: 'upper' })).toBe(
      '{"B":"upper","a":{"10":"ten","2":"two","z":[{"x":1,"y":2}]},"b":1,"é":"ü"}',
    );
  });

  it('writes what storing the value keeps: undefined members dropped, dates as strings, control characters escaped', () => {
    expect(canonicalJson({ gone: undefined, at: new Date('2026-01-02T03:04:05.000Z'), list: [undefined], text: '\u0001\t' })).toBe(
      '{"at":"2026-01-02T03:04:05.000Z","list":[null],"text":"\\u0001\\t"}',
    );
  });

  it('writes exactly what storing the value and reading it back would give, in any order', () => {
    // the definition: JSON.stringify's text parsed back, then written with sorted keys
    const sorted = (v: unknown): string =>
      Array.isArray(v)
        ? `[${v.map(sorted).join(',')}]`
        : v !== null && typeof v === 'object'
          ? `{${Object.keys(v)
              .sort()
              .map((k) => `${JSON.stringify(k)}:${sorted((v as Record<string, unknown>)[k])}`)
              .join(',')}}`
          : JSON.stringify(v);
    const reference = (value: unknown): string => sorted(JSON.parse(JSON.stringify(value)) as unknown);
    const values: unknown[] = [
      event,
      {
        nested: [[1, [2, { b: undefined, a: () => 1 }]], null, Symbol('s'), () => 2, undefined],
        n: [NaN, Infinity, -Infinity, -0, 1e21, 5e-7],
      },
      {
        boxed: [new Number(3), new String('x'), new Boolean(false)],
        at: [new Date(0)],
        custom: { toJSON: (key: string) => ({ key, z: 1, y: 2 }) },
      },
      { '\u{1F600}': 1, '\uFFFD': 2, '10': 3, '9': 4, '': 5, é: { ü: 'ö\u2028\u0000' } },
      'text',
      42,
      null,
      [],
      {},
    ];
    for (const value of values) expect(canonicalJson(value)).toBe(reference(value));
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });
});

describe('event hash', () => {
  it('hashes the canonical content, the same whatever order the keys come back in, and ignores the chain fields', () => {
    const expected = sha256(
      '{"data":{"flags":{"a":null,"b":true},"ids":[3,1.5,0],"summary":"Ünïcödé \\"quoted\\"\\n"},"id":"00000000-0000-4000-8000-000000000042",' +
        '"metadata":{"actor":7,"causationId":"d","correlationId":"c","occurredAt":"2026-11-22T10:00:00.000Z"},"schemaVersion":1,"type":"BugCreated"}',
    );
    expect(contentHash(event)).toBe(expected);
    // as jsonb hands it back: keys in another order, and the chain fields the store added
    const stored = {
      type: event.type,
      metadata: { previousHash: 'y', causationId: 'd', correlationId: 'c', occurredAt: event.metadata.occurredAt, actor: 7, hash: 'x' },
      data: { summary: event.data.summary, flags: { a: null, b: true }, ids: [3, 1.5, 0] },
      schemaVersion: 1,
      id: event.id,
    };
    expect(contentHash(stored)).toBe(expected);
    expect(contentHash({ ...event, data: { ...event.data, summary: 'changed' } })).not.toBe(expected);
  });

  it('links previous hash, stream, revision and content hash as a compact JSON array', () => {
    expect(GENESIS_HASH).toBe('0'.repeat(64));
    expect(linkHash(GENESIS_HASH, 'bug-42', 0, 'ab')).toBe(sha256(`["${'0'.repeat(64)}","bug-42",0,"ab"]`));
    expect(linkHash(GENESIS_HASH, 'bug-42', 1, 'ab')).not.toBe(linkHash(GENESIS_HASH, 'bug-42', 0, 'ab'));
  });
});
