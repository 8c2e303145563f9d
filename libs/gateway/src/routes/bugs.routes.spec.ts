import { fieldSelection } from '@tracker/field-filter';
import { bugsRoutes } from './bugs.routes';

describe('Bug.search response filtering', () => {
  const search = bugsRoutes.find((route) => route.method === 'GET' && route.path === '/bug');
  const filter = (result: unknown, include?: string, exclude?: string): unknown => {
    if (!search?.filterResponse) throw new Error('no filtered GET /bug');
    return search.filterResponse(result, fieldSelection(include, exclude));
  };

  it('given a count (count_only) then it is answered as it is, whatever the lists say', () => {
    expect(filter({ bug_count: 3 }, 'id', 'bug_count')).toEqual({ bug_count: 3 });
  });

  it('given bugs then their fields are filtered', () => {
    expect(filter({ bugs: [{ id: 1, summary: 's', status: 'CONFIRMED' }] }, 'id,summary')).toEqual({ bugs: [{ id: 1, summary: 's' }] });
  });
});
