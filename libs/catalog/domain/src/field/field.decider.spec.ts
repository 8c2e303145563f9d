import type { FieldEvent } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import type { CreateCustomField } from './field.commands';
import { fieldDecider } from './field.decider';

const field = deciderSpec(fieldDecider);
const severity = { id: 13, name: 'bug_severity', displayName: 'Severity', type: 2 };
const create: CreateCustomField = {
  kind: 'CreateCustomField',
  fieldId: 60,
  emptyValueId: 40,
  name: 'Colour',
  displayName: 'Colour',
  type: 2,
  isMandatory: false,
  isOnBugEntry: true,
  sortKey: 6000,
  longDescription: undefined,
  visibility: { field: null, values: [] },
  valueField: null,
  nameInUse: null,
};
const colourCreated: FieldEvent[] = [
  {
    type: 'FieldCreated',
    data: {
      fieldId: 60,
      name: 'cf_colour',
      displayName: 'Colour',
      type: 2,
      isCustom: true,
      isMandatory: false,
      isOnBugEntry: true,
      sortKey: 6000,
      longDescription: '',
      visibility: { field: null, values: [] },
      valueField: null,
    },
  },
  {
    type: 'FieldValueAdded',
    data: { fieldId: 60, fieldName: 'cf_colour', valueId: 40, name: '---', sortKey: 0, isActive: true, visibilityValue: null },
  },
];
const priority: FieldEvent[] = [
  {
    type: 'FieldCreated',
    data: {
      ...(colourCreated[0]!.data as Extract<FieldEvent, { type: 'FieldCreated' }>['data']),
      fieldId: 14,
      name: 'priority',
      displayName: 'Priority',
      isCustom: false,
    },
  },
  {
    type: 'FieldValueAdded',
    data: { fieldId: 14, fieldName: 'priority', valueId: 1, name: 'High', sortKey: 100, isActive: true, visibilityValue: null },
  },
];

describe('field decider: custom fields', () => {
  it('creates a single-select field named cf_... with its --- value', () => {
    field.given().when(create).then(colourCreated);
  });

  it('creates other types without values', () => {
    const outcome = field
      .given()
      .when({ ...create, name: 'cf_due', type: 9 })
      .events();
    expect(outcome.map((e) => e.type)).toEqual(['FieldCreated']);
  });

  it.each([
    [{ name: '' }, 'You must enter a name for this field.'],
    [
      { name: 'bad name' },
      "'bad name' is not a valid name for a field. A name may contain only letters, numbers, and the underscore character.",
    ],
    [{ name: 'cf_' }, "'cf_' is not a valid name for a field. A name may contain only letters, numbers, and the underscore character."],
    [
      { nameInUse: { name: 'cf_colour', displayName: 'Colour' } },
      "The field 'cf_colour' (Colour) already exists. Please choose another name.",
    ],
    [{ displayName: ' ' }, 'You must enter a description for this field.'],
    [{ type: 7 }, 'The type 7 is not a valid field type.'],
    [{ type: 1, valueField: severity }, 'Only Drop-Down or Multi-Select fields can have a field that controls their values.'],
    [
      { visibility: { field: { id: 7, name: 'bug_file_loc', displayName: 'URL', type: 0 }, values: [] } },
      'Only drop-down and multi-select fields can be used to control the visibility/values of other fields. URL is not the right type of field.',
    ],
    [{ visibility: { field: severity, values: [] } }, "At least one value must be selected for the visibility field 'bug_severity'."],
    [{ sortKey: -1 }, 'The sortkey -1 that you have provided for this field is not a valid positive integer.'],
  ])('given %p it refuses: %s', (change, message) => {
    field
      .given()
      .when({ ...create, ...change })
      .thenRefuses(32000, message);
  });

  it('updates visibility and mandatory flag, reporting both', () => {
    const visibility = { field: { id: 13, name: 'bug_severity' }, values: [{ id: 20, name: 'critical' }] };
    field
      .given(...colourCreated)
      .when({ kind: 'UpdateCustomField', isMandatory: true, visibility: { field: severity, values: [{ id: 20, name: 'critical' }] } })
      .then([
        {
          type: 'FieldUpdated',
          data: {
            fieldId: 60,
            name: 'cf_colour',
            changes: { isMandatory: { from: false, to: true }, visibility: { from: { field: null, values: [] }, to: visibility } },
          },
        },
      ]);
  });

  it('refuses to edit a standard field', () => {
    field
      .given(...priority)
      .when({ kind: 'UpdateCustomField', isMandatory: true })
      .thenRefuses(32000, "'Priority' (priority) is not a custom field.");
  });

  it('refuses a field controlling itself', () => {
    field
      .given(...colourCreated)
      .when({ kind: 'UpdateCustomField', valueField: { id: 60, name: 'cf_colour', displayName: 'Colour', type: 2 } })
      .thenRefuses(32000, "The Colour field can't be set to control itself.");
  });
});

describe('field decider: values', () => {
  it('adds a value', () => {
    field
      .given(...priority)
      .when({ kind: 'AddFieldValue', valueId: 50, name: ' Urgent ', sortKey: 50, isActive: true, visibilityValue: null })
      .then([
        {
          type: 'FieldValueAdded',
          data: { fieldId: 14, fieldName: 'priority', valueId: 50, name: 'Urgent', sortKey: 50, isActive: true, visibilityValue: null },
        },
      ]);
  });

  it.each([
    [{ name: '' }, 'You must specify a value.'],
    [{ name: 'high' }, "The value 'High' already exists for the Priority field."],
    [{ sortKey: 40000 }, "The sortkey '40000' for the Priority field must be an integer between 0 and 32767."],
  ])('given %p it refuses: %s', (change, message) => {
    field
      .given(...priority)
      .when({ kind: 'AddFieldValue', valueId: 50, name: 'Urgent', sortKey: 0, isActive: true, visibilityValue: null, ...change })
      .thenRefuses(32000, message);
  });

  it('keeps the default value and static values', () => {
    field
      .given(...priority)
      .when({ kind: 'UpdateFieldValue', valueId: 1, isActive: false, defaultValue: 'High' })
      .thenRefuses(32000, "'High' is the default value for the 'Priority' field and cannot be deleted or disabled.");
    field
      .given(...colourCreated)
      .when({ kind: 'UpdateFieldValue', valueId: 40, name: 'none', defaultValue: null })
      .thenRefuses(32000, "The value '---' cannot be renamed because it plays some special role for the 'Colour' field.");
  });

  it('renames a value', () => {
    field
      .given(...priority)
      .when({ kind: 'UpdateFieldValue', valueId: 1, name: 'Higher', defaultValue: '---' })
      .then([
        {
          type: 'FieldValueUpdated',
          data: { fieldId: 14, fieldName: 'priority', valueId: 1, name: 'Higher', changes: { name: { from: 'High', to: 'Higher' } } },
        },
      ]);
  });

  it('refuses values for fields whose values live elsewhere', () => {
    const status = { ...priority[0]!, data: { ...(priority[0]!.data as object), fieldId: 9, name: 'bug_status' } } as FieldEvent;
    field
      .given(status)
      .when({ kind: 'AddFieldValue', valueId: 1, name: 'NEW', sortKey: 0, isActive: true, visibilityValue: null })
      .thenRefuses(32000);
  });
});
