import type { BugCreated } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import {
  ADMIN,
  GOLDEN_INPUT,
  MINIMAL_INPUT,
  OTHER,
  RULES,
  SECRET_GROUP,
  USER,
  USER_ACTOR,
  actor,
  createBug as create,
} from '../../testing';
import { bugDecider } from '../bug.decider';
import { acceptCreate } from './accept-create';
import type { CreateBug } from './create-bug.command';

const bug = deciderSpec(bugDecider);
const MINIMAL = { ...MINIMAL_INPUT, component: 'Backend', version: '2.0', summary: 'By user' };

/** The data of the BugCreated a new bug's stream starts with. */
function created(command: CreateBug): BugCreated['data'] {
  const [event] = bug.given().when(command).events();
  if (event?.type !== 'BugCreated') throw new Error(`decided ${event?.type ?? 'nothing'}, not BugCreated`);
  return event.data;
}

describe('create bug', () => {
  it('given nothing, when the golden bug is filed by the admin, then BugCreated carries every field as Bugzilla stores it', () => {
    const data = created(create(GOLDEN_INPUT));
    expect(data.bugId).toBe(4);
    expect(data.reporter).toEqual(ADMIN);
    expect(data.fields).toEqual({
      summary: 'Golden bug: widget renders upside down',
      product: { id: 2, name: 'RefProduct' },
      component: { id: 2, name: 'RefComponent' },
      classification: 'Unclassified',
      version: '1.0',
      targetMilestone: 'M1',
      status: 'CONFIRMED',
      isOpen: true,
      resolution: '',
      isConfirmed: true,
      dupeOf: null,
      priority: 'Normal',
      severity: 'normal',
      platform: 'PC',
      opSys: 'Linux',
      url: 'http://example.com/widget',
      whiteboard: '[golden]',
      assignee: ADMIN,
      qaContact: null,
      isCcAccessible: true,
      isCreatorAccessible: true,
      deadline: '2030-01-31',
      estimatedTime: 4.5,
      remainingTime: 4.5,
      alias: ['golden-1'],
      keywords: ['perf'],
      seeAlso: [],
      groups: [],
      blocks: [],
      dependsOn: [],
      cc: [USER],
      customFields: {},
    });
    expect(data.description).toEqual({
      commentId: 10,
      count: 0,
      text: 'Widget appears upside down on Linux.\nSteps: open the app.',
      isPrivate: false,
      isMarkdown: false,
      workTime: 0,
      tags: [],
      attachmentId: null,
      addedText: null,
    });
    expect(data.participants).toEqual({ assignee: 1, qaContact: null, reporter: 1, cc: [2] });
  });

  it('defaults, ignores or forces what a user without editbugs, canconfirm and timetracker may not set', () => {
    const data = created(
      create(
        {
          ...MINIMAL,
          status: 'IN_PROGRESS',
          assignedTo: 'admin@example.com',
          qaContact: 'user@example.com',
          blocks: ['1'],
          estimatedTime: 3,
          deadline: '2031-01-01',
        },
        { actor: actor(OTHER) },
      ),
    );
    expect(data.fields).toMatchObject({
      status: 'UNCONFIRMED',
      isConfirmed: false,
      assignee: USER,
      qaContact: ADMIN,
      blocks: [],
      estimatedTime: 0,
      remainingTime: 0,
      deadline: null,
      priority: '---',
      severity: 'normal',
      targetMilestone: 'M1',
      cc: [OTHER],
    });
  });

  it('lets editbugs users choose status, assignee and QA contact and adds the component default CC', () => {
    const data = created(
      create(
        { ...MINIMAL, status: 'IN_PROGRESS', assignedTo: 'OTHER@example.com', qaContact: 'user@example.com', cc: ['admin@example.com'] },
        { actor: USER_ACTOR },
      ),
    );
    expect(data.fields).toMatchObject({ status: 'IN_PROGRESS', assignee: OTHER, qaContact: USER, cc: [ADMIN, OTHER] });
  });

  it.each([
    ['an empty object (OS checked first, golden 57)', {}, 50, 'You must select/enter a OS.'],
    ['no platform', { ...MINIMAL, platform: undefined }, 50, 'You must select/enter a Hardware.'],
    [
      'an unknown product (golden 56)',
      { ...MINIMAL, product: 'NoSuchProduct' },
      106,
      "Sorry, either the product NoSuchProduct does not exist or you aren't authorized to enter a bug into it.",
    ],
    ['no summary (golden 55)', { ...MINIMAL, summary: ' ' }, 107, 'You must enter a summary for this bug.'],
    [
      'a summary over 255 characters',
      { ...MINIMAL, summary: 'x'.repeat(256) },
      104,
      'The text you entered in the Summary field is too long (256 characters, above the maximum length allowed of 255 characters).',
    ],
    [
      'an unknown component (golden 58)',
      { ...MINIMAL, component: 'Nope' },
      51,
      "There is no component named 'Nope' in the 'RefProduct' product.",
    ],
    ['no component', { ...MINIMAL, component: '' }, 105, 'To file this bug, you must first choose a component. If necessary, just guess.'],
    ['an unknown version', { ...MINIMAL, version: '9.9' }, 51, "There is no version named '9.9' in the 'RefProduct' product."],
    ['an unknown severity', { ...MINIMAL, severity: 'huge' }, 51, "There is no Severity named 'huge'."],
    [
      'an unknown assignee',
      { ...MINIMAL, assignedTo: 'nobody@example.com' },
      51,
      "There is no user named 'nobody@example.com'. Either you mis-typed the name or that user has not yet registered for a Tracker account.",
    ],
    [
      'an unknown CC',
      { ...MINIMAL, cc: ['nobody@example.com'] },
      504,
      'The name nobody@example.com is not a valid username. Either you misspelled it, or the person has not registered for a Tracker account.',
    ],
    ['an unknown keyword', { ...MINIMAL, keywords: ['nope'] }, 51, "There is no keyword named 'nope'."],
    [
      'a numeric alias',
      { ...MINIMAL, alias: ['123'] },
      103,
      'You tried to give this bug the alias 123, but aliases cannot be merely numbers, since they could then be confused with bug IDs. Please choose an alias containing at least one letter.',
    ],
    [
      'an alias over 40 characters',
      { ...MINIMAL, alias: ['a'.repeat(41)] },
      103,
      'Bug aliases cannot be longer than 40 characters. Please choose a shorter alias.',
    ],
    [
      'a status not allowed for new bugs',
      { ...MINIMAL, status: 'RESOLVED' },
      123,
      'You are not allowed to file new bugs with the RESOLVED status.',
    ],
    ['an unknown status', { ...MINIMAL, status: 'BOGUS' }, 51, "There is no status named 'BOGUS'."],
    ['a resolution on an open bug', { ...MINIMAL, resolution: 'FIXED' }, 122, 'You cannot set a resolution for open bugs.'],
    [
      'a group that cannot be set',
      { ...MINIMAL, groups: ['admin'] },
      120,
      "You tried to restrict a bug to the 'admin' group, but either this group does not exist, or you are not allowed to restrict bugs to this group in the 'RefProduct' product.",
    ],
    [
      'a description over 65,535 characters',
      { ...MINIMAL, description: 'x'.repeat(65_536) },
      114,
      'Comments cannot be longer than 65535 characters.',
    ],
    [
      'an invalid See Also URL',
      { ...MINIMAL, seeAlso: ['ftp://example.com/1'] },
      112,
      'ftp://example.com/1 is not a valid URL to a bug. URLs must start with "http" or "https".',
    ],
  ])('refuses %s', (_case, input, code, message) => {
    bug
      .given()
      .when(create({ customFields: {}, ...input }, { actor: USER_ACTOR }))
      .thenRefuses(code, message);
  });

  it('refuses a private description from a non-insider with 113', () => {
    bug
      .given()
      .when(create({ ...MINIMAL, description: 'secret', commentIsPrivate: true }, { actor: USER_ACTOR }))
      .thenRefuses(113);
  });

  it('refuses an alias another bug has, whatever its case', () => {
    bug
      .given()
      .when(create({ ...MINIMAL, alias: ['Taken'] }, { aliasOwners: new Map([['taken', 7]]) }))
      .thenRefuses(103, 'Bug 7 has already taken the alias Taken. Please choose another alias.');
  });

  it('refuses a dependency that would close a loop', () => {
    const command = create({ ...MINIMAL, dependsOn: ['1'], blocks: ['2'] }, { dependencyEdges: [[1, 2]] });
    bug
      .given()
      .when(command)
      .thenRefuses(
        116,
        'The following bug(s) would appear on both the "depends on" and "blocks" parts of the dependency tree if these changes are committed: 1 2. This would create a circular dependency, which is not allowed.',
      );
  });

  it('puts the bug in the default groups when none are named, in none for [], and in the ones named', () => {
    const defaults = {
      ...RULES,
      products: RULES.products.map((p) => ({
        ...p,
        groupControls: p.groupControls.map((c) => ({ ...c, memberControl: 'DEFAULT' as const })),
      })),
    };
    expect(created(create(MINIMAL, { rules: defaults })).fields.groups).toEqual([SECRET_GROUP]);
    expect(created(create({ ...MINIMAL, groups: [] }, { rules: defaults })).fields.groups).toEqual([]);
    expect(created(create({ ...MINIMAL, groups: ['REFSECRET'] })).fields.groups).toEqual([SECRET_GROUP]);
  });

  it('stores the description normalised and keeps See Also in canonical form', () => {
    const data = created(
      create({ ...MINIMAL, description: 'line\r\nnext  \n\n', seeAlso: ['https://github.com/o/r/issues/5#top', 'bugs.debian.org/123'] }),
    );
    expect(data.description.text).toBe('line\nnext');
    expect(data.fields.seeAlso).toEqual(['https://github.com/o/r/issues/5', 'http://bugs.debian.org/123']);
  });
});

describe('create bug on fields accepted before its ids were drawn', () => {
  it('accepts the fields whatever the ids, and the decision on them is the decision without them', () => {
    const command = create({ ...MINIMAL, alias: ['early'] });
    const accepted = acceptCreate(command);
    expect(acceptCreate({ ...command, bugId: 0, commentId: 0 } as CreateBug)).toEqual(accepted);
    expect(
      bug
        .given()
        .when({ ...command, accepted } as CreateBug)
        .events(),
    ).toEqual(bug.given().when(command).events());
  });

  it('takes the accepted fields as they are, without checking them again', () => {
    const accepted = acceptCreate(create(MINIMAL));
    if ('code' in accepted) throw new Error(`refused: ${accepted.message}`);
    // facts that would be refused now (a summary gone): the fields accepted earlier decide
    const data = created({ ...create({ ...MINIMAL, summary: '' }), accepted });
    expect(data.fields.summary).toBe('By user');
    expect(acceptCreate(create({ ...MINIMAL, summary: '' }))).toMatchObject({ code: 107 });
  });

  it('refuses fields with the refusal of the full decision', () => {
    const command = create({ ...MINIMAL, alias: ['Taken'] }, { aliasOwners: new Map([['taken', 7]]) });
    expect(acceptCreate(command)).toMatchObject({ code: 103 });
    expect(acceptCreate(command)).toEqual(bugDecider.decide(command, bugDecider.initialState()));
  });
});

describe('create bug without QA contacts (useqacontact off)', () => {
  it('gives the bug no QA contact, whatever the component or the caller says', () => {
    const rules = { ...RULES, params: { ...RULES.params, useQaContact: false } };
    expect(created(create({ ...MINIMAL, qaContact: 'admin@example.com' }, { rules })).fields.qaContact).toBeNull();
  });
});
