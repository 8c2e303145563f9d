import type { FlagChange, FlagValue } from '../bugs/bug-flag.events';
import { flagChangeSummaries, flagSummary, summaryDifference } from './flag-summary.rules';

const ann = { id: 4, login: 'ann@example.com' };
const flag = (name: string, status: FlagValue['status'], requestee: typeof ann | null = null): FlagValue => ({
  type: { id: 1, name, ccList: [] },
  status,
  setter: { id: 1, login: 'admin@example.com' },
  requestee,
});

describe('flag summaries (flagtypes.name)', () => {
  it('reads as the type name, the status and the requestee (golden 127, 128)', () => {
    expect([flagSummary(flag('needinfo1', '?', ann)), flagSummary(flag('review1', '+'))]).toEqual([
      'needinfo1?(ann@example.com)',
      'review1+',
    ]);
  });

  it('reports a change as a multiset difference, each summary cancelling one equal one', () => {
    expect(summaryDifference(['review?', 'review?', 'qa+'], ['review?', 'review+', 'qa+'])).toEqual({
      removed: ['review?'],
      added: ['review+'],
    });
  });

  it('joins the removed and added summaries of one target in the event order', () => {
    const changes: FlagChange[] = [
      { flagId: 1, reason: 'request', before: null, after: flag('needinfo1', '?', ann) },
      { flagId: 2, reason: 'request', before: flag('review1', '?'), after: flag('review1', '+') },
      { flagId: 3, reason: 'request', before: flag('qa', '-'), after: null },
      { flagId: 4, reason: 'bug-moved', before: flag('approval', '?'), after: flag('approval', '?') },
    ];
    expect(flagChangeSummaries(changes)).toEqual({ removed: 'review1?, qa-', added: 'needinfo1?(ann@example.com), review1+' });
  });
});
