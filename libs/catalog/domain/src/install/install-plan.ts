import { WORKFLOW_STREAM, classificationStream, fieldStream, keywordStream, productStream } from '@tracker/contracts';
import type { ClassificationCommand } from '../classification/classification.decider';
import type { FieldCommand } from '../field/field.commands';
import type { KeywordCommand } from '../keyword/keyword.decider';
import type { CreateComponent, CreateProduct, ProductCommand } from '../product/product.commands';
import type { WorkflowCommand } from '../workflow/workflow.commands';
import {
  DEFAULT_CLASSIFICATION,
  DEFAULT_DUPLICATE_STATUS,
  DEFAULT_KEYWORDS,
  DEFAULT_SELECT_VALUES,
  DEFAULT_STATUSES,
  DEFAULT_TRANSITIONS,
  TEST_PRODUCT,
} from './default-values';
import { STANDARD_FIELDS, standardSortKey } from './standard-fields';

/**
 * Every stream a fresh installation starts with, as the commands that create it. The
 * installer applies each step whose stream does not exist yet, so a crash half-way is
 * finished by the next start. Ids are fixed; id sequences start after them.
 */
export type InstallStep =
  | { readonly kind: 'classification'; readonly stream: string; readonly commands: readonly ClassificationCommand[] }
  | { readonly kind: 'field'; readonly stream: string; readonly commands: readonly FieldCommand[] }
  | { readonly kind: 'workflow'; readonly stream: string; readonly commands: readonly WorkflowCommand[] }
  | { readonly kind: 'keyword'; readonly stream: string; readonly commands: readonly KeywordCommand[] }
  | { readonly kind: 'product'; readonly stream: string; readonly commands: readonly ProductCommand[] };

export interface InstallSettings {
  /** the administrator, default assignee of the test component */
  readonly adminUserId: number;
  readonly useTargetMilestone: boolean;
}

export function installPlan(settings: InstallSettings): readonly InstallStep[] {
  return [classificationStep(), ...fieldSteps(), workflowStep(), ...keywordSteps(), testProductStep(settings)];
}

function classificationStep(): InstallStep {
  const { id, name, description, sortKey } = DEFAULT_CLASSIFICATION;
  return {
    kind: 'classification',
    stream: classificationStream(id),
    commands: [{ kind: 'CreateClassification', classificationId: id, name, description, sortKey, nameInUse: null }],
  };
}

function fieldSteps(): InstallStep[] {
  let nextValueId = 1;
  return STANDARD_FIELDS.map((field) => {
    const values = (DEFAULT_SELECT_VALUES[field.name] ?? []).map((name, index) => ({
      id: nextValueId++,
      name,
      sortKey: (index + 1) * 100,
    }));
    return {
      kind: 'field',
      stream: fieldStream(field.id),
      commands: [
        {
          kind: 'InstallField',
          fieldId: field.id,
          name: field.name,
          displayName: field.displayName,
          type: field.type,
          isMandatory: field.isMandatory ?? false,
          sortKey: standardSortKey(field.id),
          values,
        },
      ],
    };
  });
}

function workflowStep(): InstallStep {
  return {
    kind: 'workflow',
    stream: WORKFLOW_STREAM,
    commands: [
      {
        kind: 'InstallWorkflow',
        statuses: DEFAULT_STATUSES,
        transitions: DEFAULT_TRANSITIONS.flatMap(([from, targets]) => targets.map((to) => ({ from, to }))),
        duplicateStatus: DEFAULT_DUPLICATE_STATUS,
      },
    ],
  };
}

function keywordSteps(): InstallStep[] {
  return DEFAULT_KEYWORDS.map(({ id, name, description }) => ({
    kind: 'keyword',
    stream: keywordStream(id),
    commands: [{ kind: 'CreateKeyword', keywordId: id, name, description, nameInUse: null }],
  }));
}

function testProductStep(settings: InstallSettings): InstallStep {
  const { id, name, description, version, milestone, component } = TEST_PRODUCT;
  const product: CreateProduct = {
    kind: 'CreateProduct',
    productId: id,
    versionId: version.id,
    milestoneId: milestone.id,
    name,
    description,
    version: version.name,
    defaultMilestone: milestone.name,
    classification: { id: DEFAULT_CLASSIFICATION.id, name: DEFAULT_CLASSIFICATION.name },
    isActive: true,
    allowsUnconfirmed: true,
    nameInUse: null,
    useTargetMilestone: settings.useTargetMilestone,
  };
  const testComponent: CreateComponent = {
    kind: 'CreateComponent',
    componentId: component.id,
    name: component.name,
    description: component.description,
    defaultAssigneeId: settings.adminUserId,
    defaultQaContactId: null,
    defaultCcIds: [],
    isActive: true,
  };
  return { kind: 'product', stream: productStream(id), commands: [{ kind: 'InstallProduct', product, component: testComponent }] };
}
