import { apiInput } from './api-input';

describe('apiInput', () => {
  it('camel-cases names at every level, drops absent values and the omitted keys, and keeps custom fields apart', () => {
    const params = {
      id: '4',
      assigned_to: 'ann@example.com',
      reset_qa_contact: undefined,
      comment: { body: 'Done.', is_private: true, is_markdown: undefined },
      comment_is_private: { '12': false },
      depends_on: { add: ['5'] },
      cf_colour: 'red',
      cf_empty: undefined,
    };
    expect(apiInput(params, ['id'])).toEqual({
      assignedTo: 'ann@example.com',
      comment: { body: 'Done.', isPrivate: true },
      commentIsPrivate: { '12': false },
      dependsOn: { add: ['5'] },
      customFields: { cf_colour: 'red', cf_empty: undefined },
    });
  });
});
