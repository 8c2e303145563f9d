import { z } from 'zod';
import * as param from '../params/param-types';
import type { ChangedObject } from './common';

/**
 * Component.create (`POST /rest/component`, editcomponents) → `{id}`, and master's
 * Component.update (`PUT /rest/component/{id}` or `/rest/component/{product}/{component}`,
 * or `ids` / `names: [{product, component}]`) → `{components: [{id, changes}]}`.
 * Users are logins; `default_cc` is the whole new list. As Red Hat's Bugzilla does, and so
 * python-bugzilla's addcomponent/editcomponent work: `component` names the new component
 * when `name` is absent, `is_active` means `is_open`, and update values may come inside
 * an `updates` object.
 */
export const CREATE_COMPONENT_SUBJECT = 'catalog.components.create';

const componentSettings = {
  name: param.optional(param.string()),
  description: param.optional(param.string()),
  default_assignee: param.optional(param.string()),
  default_qa_contact: param.optional(param.string()),
  default_cc: param.optional(param.list(param.string())),
  is_open: param.optional(param.bool()),
  is_active: param.optional(param.bool()),
};

export const createComponentParams = z.object({
  product: param.optional(param.string()),
  component: param.optional(param.string()),
  ...componentSettings,
});
export type CreateComponentParams = z.infer<typeof createComponentParams>;

export const UPDATE_COMPONENT_SUBJECT = 'catalog.components.update';

export const updateComponentParams = z.object({
  id: param.optional(param.int()),
  product: param.optional(param.string()),
  component: param.optional(param.string()),
  ids: param.optional(param.list(param.int())),
  names: param.optional(param.list(z.object({ product: param.string(), component: param.string() }))),
  ...componentSettings,
  updates: param.optional(z.object(componentSettings)),
});
export type UpdateComponentParams = z.infer<typeof updateComponentParams>;

export interface UpdateComponentsResult {
  readonly components: readonly ChangedObject[];
}
