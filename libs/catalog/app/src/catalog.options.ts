import type { EnvReader } from '@tracker/platform/config';

/**
 * What the catalog service reads from the environment (listed in docs/catalog.md and the
 * README): Bugzilla's installation parameters that concern products and bug fields.
 */
export interface CatalogOptions {
  /** the administrator (identity creates it with the same variable): default assignee of TestComponent */
  readonly adminLogin: string;
  /** Bugzilla's defaultpriority / defaultseverity / defaultplatform / defaultopsys; '' = none, the field is then required */
  readonly defaults: { readonly priority: string; readonly severity: string; readonly platform: string; readonly opSys: string };
  readonly useTargetMilestone: boolean;
  readonly useQaContact: boolean;
  readonly useStatusWhiteboard: boolean;
  readonly useSeeAlso: boolean;
  readonly useClassification: boolean;
  readonly letSubmitterChoosePriority: boolean;
  readonly letSubmitterChooseMilestone: boolean;
  readonly commentOnDuplicate: boolean;
  readonly mustHaveMilestoneOnAccept: boolean;
  readonly noResolveOnOpenBlockers: boolean;
}

export const CATALOG_OPTIONS = Symbol('CATALOG_OPTIONS');

/** The same default as identity's, so that both name the same administrator. */
export const DEFAULT_ADMIN_LOGIN = 'admin@tracker.local';

/** Called by each app's config.ts, the only code that touches process.env. */
export function readCatalogOptions(env: EnvReader): CatalogOptions {
  return {
    adminLogin: env.string('TRACKER_ADMIN_LOGIN', DEFAULT_ADMIN_LOGIN),
    defaults: {
      priority: env.stringAllowingEmpty('TRACKER_DEFAULT_PRIORITY', '---').trim(),
      severity: env.stringAllowingEmpty('TRACKER_DEFAULT_SEVERITY', 'normal').trim(),
      platform: env.stringAllowingEmpty('TRACKER_DEFAULT_PLATFORM', 'All').trim(),
      opSys: env.stringAllowingEmpty('TRACKER_DEFAULT_OPSYS', 'All').trim(),
    },
    useTargetMilestone: env.boolean('TRACKER_USE_TARGET_MILESTONE', true),
    useQaContact: env.boolean('TRACKER_USE_QA_CONTACT', true),
    useStatusWhiteboard: env.boolean('TRACKER_USE_STATUS_WHITEBOARD', true),
    useSeeAlso: env.boolean('TRACKER_USE_SEE_ALSO', true),
    useClassification: env.boolean('TRACKER_USE_CLASSIFICATION', false),
    letSubmitterChoosePriority: env.boolean('TRACKER_LET_SUBMITTER_CHOOSE_PRIORITY', true),
    letSubmitterChooseMilestone: env.boolean('TRACKER_LET_SUBMITTER_CHOOSE_MILESTONE', true),
    commentOnDuplicate: env.boolean('TRACKER_COMMENT_ON_DUPLICATE', false),
    mustHaveMilestoneOnAccept: env.boolean('TRACKER_MUST_HAVE_MILESTONE_ON_ACCEPT', false),
    noResolveOnOpenBlockers: env.boolean('TRACKER_NO_RESOLVE_ON_OPEN_BLOCKERS', false),
  };
}
