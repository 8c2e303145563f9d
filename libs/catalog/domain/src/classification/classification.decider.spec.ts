import { deciderSpec } from '@tracker/testing';
import { classificationDecider } from './classification.decider';

const classification = deciderSpec(classificationDecider);
const created = { type: 'ClassificationCreated', data: { classificationId: 2, name: 'Hardware', description: '', sortKey: 0 } } as const;

describe('classification decider', () => {
  it('creates with a trimmed name, empty description and sort key 0 by default', () => {
    classification
      .given()
      .when({
        kind: 'CreateClassification',
        classificationId: 2,
        name: ' Hardware ',
        description: undefined,
        sortKey: undefined,
        nameInUse: null,
      })
      .then([created]);
  });

  it.each([
    [{ name: '' }, 'You must enter a classification name.'],
    [{ nameInUse: 'hardware' }, "A classification with the name 'hardware' already exists."],
    [{ sortKey: -1 }, "The sortkey '-1' is invalid. It must be an integer between 0 and 32767."],
  ])('given %p it refuses: %s', (change, message) => {
    classification
      .given()
      .when({
        kind: 'CreateClassification',
        classificationId: 2,
        name: 'Hardware',
        description: '',
        sortKey: 0,
        nameInUse: null,
        ...change,
      })
      .thenRefuses(32000, message);
  });

  it('updates what changes', () => {
    classification
      .given(created)
      .when({ kind: 'UpdateClassification', name: 'Hardware', description: 'Boxes', nameInUse: null })
      .then([
        {
          type: 'ClassificationUpdated',
          data: { classificationId: 2, name: 'Hardware', changes: { description: { from: '', to: 'Boxes' } } },
        },
      ]);
  });
});
