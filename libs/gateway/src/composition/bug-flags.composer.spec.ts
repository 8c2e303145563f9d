import { ANONYMOUS, type FlagsOfParams, type FlagsOfResult, type ServiceRequest } from '@tracker/contracts';
import type { MessageBus } from '@tracker/platform/messaging';
import type { CallContext } from '../routing/route';
import { bugFlagsComposer } from './bug-flags.composer';

const FLAG = { id: 7, name: 'review', type_id: 1, status: '?' };

/** A bus whose flags service knows bug 2's flag, recording what it was asked. */
function flagsBus(): { bus: MessageBus; asked: Array<readonly number[]> } {
  const asked: Array<readonly number[]> = [];
  const bus: MessageBus = {
    request: async <Result, Params>(_subject: string, request: ServiceRequest<Params>): Promise<Result> => {
      const bugIds = (request.params as FlagsOfParams).bugIds ?? [];
      asked.push(bugIds);
      const answer: FlagsOfResult = { bugs: bugIds.includes(2) ? { 2: [FLAG] } : {}, attachments: {} } as unknown as FlagsOfResult;
      return answer as Result;
    },
  };
  return { bus, asked };
}

const context = (include: string[] = []): CallContext => ({ auth: ANONYMOUS, correlationId: 'c', fields: { include, exclude: [] } });

describe('bugFlagsComposer', () => {
  it('asks the flags service only about bugs whose flags the bugs service did not give', async () => {
    const { bus, asked } = flagsBus();
    const result = await bugFlagsComposer({ bugs: [{ id: 1, flags: [] }, { id: 2 }, { id: 3 }] }, context(), bus);
    expect(asked).toEqual([[2, 3]]);
    expect(result).toEqual({
      bugs: [
        { id: 1, flags: [] },
        { id: 2, flags: [FLAG] },
        { id: 3, flags: [] },
      ],
    });
  });

  it('asks nothing when every bug came with its flags, or when the client does not want them', async () => {
    const { bus, asked } = flagsBus();
    const known = { bugs: [{ id: 1, flags: [] }] };
    expect(await bugFlagsComposer(known, context(), bus)).toBe(known);
    const unwanted = { bugs: [{ id: 2 }] };
    expect(await bugFlagsComposer(unwanted, context(['id', 'summary']), bus)).toBe(unwanted);
    expect(asked).toEqual([]);
  });
});
