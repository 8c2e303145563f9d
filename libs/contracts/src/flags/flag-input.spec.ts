import { DomainError } from '../errors/domain-error';
import { parseParams } from '../params/parse-params';
import { flagInputs } from './flag-input';

const failure = (raw: unknown): { code: number; message: string } | 'parsed' => {
  try {
    parseParams(flagInputs, raw);
    return 'parsed';
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
};

describe('flag input objects', () => {
  it('takes the contract’s keys, ids as numbers or digits, and drops an empty requestee', () => {
    expect(
      parseParams(flagInputs, [
        { type_id: '2', status: '?', requestee: ' ann@example.com ', new: 'true', extra: 1 },
        { id: 5, status: 'X', requestee: '' },
        { name: 'review', status: '+' },
      ]),
    ).toEqual([
      { typeId: 2, status: '?', requestee: 'ann@example.com', isNew: true },
      { id: 5, status: 'X', isNew: false },
      { name: 'review', status: '+', isNew: false },
    ]);
  });

  it.each([
    ['an id that is no integer', [{ id: 'x', status: '+' }], 52, "Invalid parameter '0.id': 'x' is not an integer."],
    ['`new` that is no boolean', [{ type_id: 1, status: '?', new: 'maybe' }], 53, "The value 'maybe' is not a valid boolean for '0.new'."],
    ['a list item that is no object', ['review+'], 53, 'The \'0\' parameter must be an object, not "review+".'],
    ['flags that are no list', { type_id: 1 }, 53, 'The \'params\' parameter must be a list of flag objects, not {"type_id":1}.'],
  ])('refuses %s', (_case, raw, code, message) => {
    expect(failure(raw)).toEqual({ code, message });
  });
});
