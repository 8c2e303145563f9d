import { deciderSpec } from '@tracker/testing';
import { DEFAULT_DUPLICATE_STATUS, DEFAULT_STATUSES, DEFAULT_TRANSITIONS } from '../install/default-values';
import { workflowDecider } from './workflow.decider';
import type { WorkflowState } from './workflow.state';

const workflow = deciderSpec(workflowDecider);
const installed = workflow
  .given()
  .when({
    kind: 'InstallWorkflow',
    statuses: DEFAULT_STATUSES,
    transitions: DEFAULT_TRANSITIONS.flatMap(([from, to]) => to.map((name) => ({ from, to: name }))),
    duplicateStatus: DEFAULT_DUPLICATE_STATUS,
  })
  .events();
const targets = (state: WorkflowState, from: number | null): number[] =>
  state.transitions
    .filter((t) => t.from === from)
    .map((t) => t.to)
    .sort();
const ref = (id: number, name: string): { id: number; name: string } => ({ id, name });

describe('workflow decider', () => {
  it('installs the five statuses and Bugzilla 5.2 transitions, duplicates going to RESOLVED', () => {
    const state = workflow.given(...installed).state;
    expect(state.statuses.map((s) => [s.name, s.isOpen])).toEqual([
      ['UNCONFIRMED', true],
      ['CONFIRMED', true],
      ['IN_PROGRESS', true],
      ['RESOLVED', false],
      ['VERIFIED', false],
    ]);
    expect(targets(state, null)).toEqual([1, 2, 3]);
    expect(targets(state, 5)).toEqual([1, 2]);
    expect(state.duplicateStatusId).toBe(4);
    workflow
      .given(...installed)
      .when({ kind: 'InstallWorkflow', statuses: [], transitions: [], duplicateStatus: 'X' })
      .then([]);
  });

  it('adds a status that may at once move to the duplicate status', () => {
    workflow
      .given(...installed)
      .when({ kind: 'AddStatus', statusId: 6, name: 'ASSIGNED', isOpen: true, sortKey: 250, isActive: true })
      .then([
        { type: 'StatusAdded', data: { statusId: 6, name: 'ASSIGNED', isOpen: true, sortKey: 250, isActive: true } },
        { type: 'TransitionSet', data: { from: ref(6, 'ASSIGNED'), to: ref(4, 'RESOLVED'), commentRequired: false } },
      ]);
  });

  it.each([
    ['confirmed', "The value 'CONFIRMED' already exists for the Status field."],
    ['duplicate', "You cannot use the value 'duplicate' for the 'Status' field. This value is used internally. Please choose another one."],
    ['', 'You must specify a value.'],
  ])('refuses the status name %p', (name, message) => {
    workflow
      .given(...installed)
      .when({ kind: 'AddStatus', statusId: 6, name, isOpen: true, sortKey: 0, isActive: true })
      .thenRefuses(32000, message);
  });

  it('allows, forbids and requires comments on transitions', () => {
    workflow
      .given(...installed)
      .when({
        kind: 'ChangeWorkflow',
        transitions: [
          { from: 'VERIFIED', to: 'IN_PROGRESS', allowed: true },
          { from: 'RESOLVED', to: 'CONFIRMED', allowed: true, commentRequired: true },
          { from: null, to: 'UNCONFIRMED', allowed: false },
          { from: 'CONFIRMED', to: 'VERIFIED', allowed: false },
        ],
      })
      .then([
        { type: 'TransitionSet', data: { from: ref(5, 'VERIFIED'), to: ref(3, 'IN_PROGRESS'), commentRequired: false } },
        { type: 'TransitionSet', data: { from: ref(4, 'RESOLVED'), to: ref(2, 'CONFIRMED'), commentRequired: true } },
        { type: 'TransitionRemoved', data: { from: null, to: ref(1, 'UNCONFIRMED') } },
      ]);
  });

  it('refuses unknown statuses (51), a transition to itself, and an open duplicate status', () => {
    workflow
      .given(...installed)
      .when({ kind: 'ChangeWorkflow', transitions: [{ from: 'NEW', to: 'CONFIRMED', allowed: true }] })
      .thenRefuses(51, "There is no status named 'NEW'.");
    workflow
      .given(...installed)
      .when({ kind: 'ChangeWorkflow', transitions: [{ from: 'CONFIRMED', to: 'confirmed', allowed: true }] })
      .thenRefuses(32000);
    workflow
      .given(...installed)
      .when({ kind: 'ChangeWorkflow', transitions: [], duplicateStatus: 'CONFIRMED' })
      .thenRefuses(32000);
  });

  it('moves duplicates to another closed status and lets every status reach it', () => {
    const outcome = workflow
      .given(...installed)
      .when({ kind: 'ChangeWorkflow', transitions: [], duplicateStatus: 'VERIFIED' })
      .events();
    const state = workflow.given(...installed, ...outcome).state;
    expect(state.duplicateStatusId).toBe(5);
    expect(state.statuses.filter((s) => s.id !== 5).every((s) => state.transitions.some((t) => t.from === s.id && t.to === 5))).toBe(true);
  });

  it('keeps UNCONFIRMED and the duplicate status named and active', () => {
    workflow
      .given(...installed)
      .when({ kind: 'UpdateStatus', statusId: 1, name: 'NEW' })
      .thenRefuses(32000);
    workflow
      .given(...installed)
      .when({ kind: 'UpdateStatus', statusId: 4, isActive: false })
      .thenRefuses(32000);
    workflow
      .given(...installed)
      .when({ kind: 'UpdateStatus', statusId: 3, name: 'WORKING', sortKey: 301 })
      .then([
        {
          type: 'StatusUpdated',
          data: {
            statusId: 3,
            name: 'WORKING',
            changes: { name: { from: 'IN_PROGRESS', to: 'WORKING' }, sortKey: { from: 300, to: 301 } },
          },
        },
      ]);
  });
});
