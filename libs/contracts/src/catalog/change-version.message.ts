import { z } from 'zod';
import * as param from '../params/param-types';
import type { ChangedObject } from './common';

/**
 * Tracker extensions shaped like Component.create/update (Bugzilla edits versions and
 * milestones only in its admin pages), editcomponents:
 * `POST /rest/version {product, name, is_active}` → `{id}`;
 * `PUT /rest/version/{id}` or `/rest/version/{product}/{version}` `{name, is_active}` →
 * `{versions: [{id, changes}]}`; the same for `/rest/milestone`, with `sort_key`.
 */
export const CREATE_VERSION_SUBJECT = 'catalog.versions.create';
export const UPDATE_VERSION_SUBJECT = 'catalog.versions.update';
export const CREATE_MILESTONE_SUBJECT = 'catalog.milestones.create';
export const UPDATE_MILESTONE_SUBJECT = 'catalog.milestones.update';

export const createVersionParams = z.object({
  product: param.optional(param.string()),
  name: param.optional(param.string()),
  is_active: param.optional(param.bool()),
});
export type CreateVersionParams = z.infer<typeof createVersionParams>;

export const updateVersionParams = z.object({
  id: param.optional(param.int()),
  product: param.optional(param.string()),
  version: param.optional(param.string()),
  name: param.optional(param.string()),
  is_active: param.optional(param.bool()),
});
export type UpdateVersionParams = z.infer<typeof updateVersionParams>;

export interface UpdateVersionsResult {
  readonly versions: readonly ChangedObject[];
}

export const createMilestoneParams = createVersionParams.extend({ sort_key: param.optional(param.int()) });
export type CreateMilestoneParams = z.infer<typeof createMilestoneParams>;

export const updateMilestoneParams = z.object({
  id: param.optional(param.int()),
  product: param.optional(param.string()),
  milestone: param.optional(param.string()),
  name: param.optional(param.string()),
  sort_key: param.optional(param.int()),
  is_active: param.optional(param.bool()),
});
export type UpdateMilestoneParams = z.infer<typeof updateMilestoneParams>;

export interface UpdateMilestonesResult {
  readonly milestones: readonly ChangedObject[];
}
