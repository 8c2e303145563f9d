import type { DomainEvent } from '../../events/event-envelope';
import { streamType } from '../../events/stream-type';
import type { CatalogChange, CatalogRef } from './change';

/**
 * Events of the one status workflow (stream `workflow`): the bug statuses (the values of
 * the bug_status field), which transitions exist, which of them need a comment, and the
 * status a bug takes when it is marked as a duplicate. `from: null` is the "new bug"
 * pseudo-status.
 */
export const WORKFLOW_STREAM = 'workflow';

export type StatusAdded = DomainEvent<
  'StatusAdded',
  { readonly statusId: number; readonly name: string; readonly isOpen: boolean; readonly sortKey: number; readonly isActive: boolean }
>;

export interface StatusChanges {
  readonly name?: CatalogChange<string>;
  readonly sortKey?: CatalogChange<number>;
  readonly isActive?: CatalogChange<boolean>;
}

export type StatusUpdated = DomainEvent<
  'StatusUpdated',
  { readonly statusId: number; readonly name: string; readonly changes: StatusChanges }
>;

/** A transition was allowed, or its comment requirement changed. */
export type TransitionSet = DomainEvent<
  'TransitionSet',
  { readonly from: CatalogRef | null; readonly to: CatalogRef; readonly commentRequired: boolean }
>;

export type TransitionRemoved = DomainEvent<'TransitionRemoved', { readonly from: CatalogRef | null; readonly to: CatalogRef }>;

export type DuplicateStatusSet = DomainEvent<'DuplicateStatusSet', { readonly status: CatalogRef }>;

export type WorkflowEvent = StatusAdded | StatusUpdated | TransitionSet | TransitionRemoved | DuplicateStatusSet;

/** The one workflow stream's name is its own prefix. */
export const workflowStreamType = streamType<WorkflowEvent>(WORKFLOW_STREAM, {
  StatusAdded: [],
  StatusUpdated: [],
  TransitionSet: [],
  TransitionRemoved: [],
  DuplicateStatusSet: [],
});
