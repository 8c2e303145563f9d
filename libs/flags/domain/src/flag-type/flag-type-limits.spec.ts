import * as fc from 'fast-check';
import { isDomainError } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import { FLAG_TYPE_LIMITS } from '../flag-type-limits';
import { create, EDITCOMPONENTS, PRODUCTS, REVIEW_CREATED, REVIEW_VALUES, update } from '../testing/flag-type-world.fixture';
import { flagTypeDecider } from './flag-type.decider';
import type { CreateFlagType, UpdateFlagType } from './flag-type.commands';
import { prepareFlagTypeUpdate } from './prepare-flag-type-update';

/**
 * Every text and number a flag-type command carries is bounded (docs/flags.md §2.1): these
 * properties drive the decider at each limit, just inside it and beyond it, and with values
 * anywhere in between, on create and on update alike.
 */
const types = deciderSpec(flagTypeDecider);
const outcomeOf = (outcome: ReturnType<typeof flagTypeDecider.decide>): number | 'ok' => (isDomainError(outcome) ? outcome.code : 'ok');
const created = (command: CreateFlagType): number | 'ok' => outcomeOf(flagTypeDecider.decide(command, types.given().state));
const updated = (command: UpdateFlagType): number | 'ok' => outcomeOf(flagTypeDecider.decide(command, types.given(REVIEW_CREATED).state));
/** a length at, just inside or just beyond a limit, or anywhere from 0 to twice it */
const around = (limit: number): fc.Arbitrary<number> =>
  fc.oneof(fc.constantFrom(0, 1, limit - 1, limit, limit + 1), fc.integer({ min: 0, max: limit * 2 }));
const { nameLength, descriptionLength, ccListLength, sortKey, id } = FLAG_TYPE_LIMITS;

describe('flag type limits (property)', () => {
  it(`takes names of 1 to ${nameLength} characters without spaces or commas, whatever the characters`, () => {
    fc.assert(
      fc.property(around(nameLength), fc.constantFrom('r', 'é', '😀', '_'), (length, unit) => {
        const name = unit.repeat(length);
        const expected = length >= 1 && length <= nameLength ? 'ok' : length === 0 ? 50 : 1101;
        expect(created(create({ ...REVIEW_VALUES, name }))).toBe(expected);
        expect(updated(update({ name }))).toBe(length >= 1 && length <= nameLength ? 'ok' : 1101);
      }),
    );
  });

  it('refuses names with whitespace or commas anywhere', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(' ', ',', '\t', '\n', '\u00a0'),
        fc.string({ maxLength: 20 }),
        (before, bad, after) => {
          expect(updated(update({ name: `x${before}${bad}${after}x` }))).toBe(1101);
        },
      ),
    );
  });

  it(`takes descriptions of 1 to ${descriptionLength} characters`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(1, descriptionLength - 1, descriptionLength, descriptionLength + 1, descriptionLength * 2),
          fc.integer({ min: 1, max: descriptionLength * 2 }),
        ),
        (length) => {
          const description = 'd'.repeat(length);
          const expected = length <= descriptionLength ? 'ok' : 32000;
          expect(created(create({ ...REVIEW_VALUES, description }))).toBe(expected);
          expect(updated(update({ description: `${description}!` }))).toBe(length + 1 <= descriptionLength ? 'ok' : 32000);
        },
      ),
      { numRuns: 40 },
    );
  });

  it(`takes cc lists of at most ${ccListLength} characters as stored`, () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 12 }), (locals) => {
        const addresses = locals.map((length, index) => `${'a'.repeat(length)}${index}@example.com`);
        const stored = addresses.join(', ');
        const expected = stored.length <= ccListLength ? 'ok' : 1103;
        expect(created(create({ ...REVIEW_VALUES, ccList: addresses }))).toBe(expected);
        expect(updated(update({ ccList: [addresses.join(' ')] }))).toBe(expected);
      }),
    );
  });

  it(`takes sort keys from ${sortKey.min} to ${sortKey.max}, as numbers or digits`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(-1, 0, 1, sortKey.max - 1, sortKey.max, sortKey.max + 1, 2 ** 31),
          fc.integer({ min: -70_000, max: 70_000 }),
        ),
        fc.boolean(),
        (value, asText) => {
          const given = asText ? String(value) : value;
          const inRange = value >= sortKey.min && value <= sortKey.max;
          expect(created(create({ ...REVIEW_VALUES, sortKey: given }))).toBe(inRange ? 'ok' : 1104);
          expect(updated(update({ sortKey: given }))).toBe(inRange ? 'ok' : 1104);
        },
      ),
    );
  });

  it('refuses sort keys that are no whole number', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noInteger: true }),
          fc.string().filter((text) => !/^\d+$/.test(text)),
          fc.constant(null),
          fc.array(fc.nat()),
        ),
        (value) => {
          expect(updated(update({ sortKey: value }))).toBe(1104);
        },
      ),
    );
  });

  it(`creates types only with ids from ${id.min} to ${id.max}`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(-1, 0, 1, id.max - 1, id.max, id.max + 1, Number.MAX_SAFE_INTEGER),
          fc.integer({ min: -10, max: 2 ** 32 }),
        ),
        (typeId) => {
          const expected = typeId >= id.min && typeId <= id.max ? 'ok' : 32000;
          expect(created(create(REVIEW_VALUES, { typeId }))).toBe(expected);
        },
      ),
    );
  });

  it('finds no type to update by an id no database holds', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(0, id.max + 1, Number.MAX_SAFE_INTEGER),
          fc.integer({ min: -1000, max: 0 }),
          fc.integer({ min: id.max + 1, max: 2 ** 40 }),
        ),
        (typeId) => {
          const outcome = prepareFlagTypeUpdate({
            admin: EDITCOMPONENTS,
            ids: [typeId],
            values: {},
            products: PRODUCTS,
            types: [{ id: typeId, name: 'ghost' }],
          });
          expect('code' in outcome && outcome.code).toBe(51);
        },
      ),
    );
  });
});
