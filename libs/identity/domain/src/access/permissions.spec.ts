import { permissionsFor } from './permissions';

const roles = { insider: 'insiders', timetracker: 'timetrackers', commentTagger: 'editbugs' };

describe('permissions', () => {
  it('given system groups and role groups, then their permissions, sorted', () => {
    expect(permissionsFor(['editbugs', 'bz_canusewhines', 'Insiders', 'timetrackers', 'canconfirm', 'qa'], roles)).toEqual([
      'canconfirm',
      'commenttagger',
      'editbugs',
      'insider',
      'timetracker',
    ]);
  });

  it('given an empty role group, then nobody holds that role', () => {
    expect(permissionsFor(['editbugs'], { ...roles, commentTagger: '' })).toEqual(['editbugs']);
  });
});
