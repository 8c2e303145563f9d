import { bugFieldType } from './bug-field-type.classifier';

describe('bugFieldType', () => {
  it.each(['cf_ticket', 'cf_'])('given the custom field %s then it is default and custom', (field) => {
    expect(bugFieldType(field)).toEqual(['default', 'custom']);
  });

  it('given tags then it is extra', () => {
    expect(bugFieldType('tags')).toEqual(['extra']);
  });

  it.each(['summary', 'update_token', 'estimated_time', 'cf', 'CF_ticket', 'xcf_ticket', 'tag'])('given %s then it is default', (field) => {
    expect(bugFieldType(field)).toEqual(['default']);
  });
});
