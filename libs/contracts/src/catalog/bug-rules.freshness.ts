import { type AuthContext, hasPermission } from '../auth/auth-context';
import { GROUP_STREAM_PREFIX } from '../identity/group.events';
import { USER_STREAM_PREFIX } from '../identity/user.events';
import { CATALOG_INSTALLATION_STREAM } from './events/installation.events';
import { CLASSIFICATION_STREAM_PREFIX } from './events/classification.events';
import { FIELD_STREAM_PREFIX } from './events/field.events';
import { KEYWORD_STREAM_PREFIX } from './events/keyword.events';
import { PRODUCT_STREAM_PREFIX } from './events/product.events';
import { WORKFLOW_STREAM } from './events/workflow.events';

/**
 * What a copy of a `catalog.bug-rules.resolve` answer needs to know to stay true (the
 * bugs service keeps them, docs/bugs.md "Catalog rules cache"): the streams whose events
 * can change an answer (the catalog's own, and identity's users and groups, whose logins
 * and names it carries), and the only parts of the caller an answer depends on (its
 * groups and whether it is an administrator: the catalog's product visibility rules).
 */
export const BUG_RULES_STREAM_PREFIXES: readonly string[] = Object.freeze([
  CLASSIFICATION_STREAM_PREFIX,
  PRODUCT_STREAM_PREFIX,
  KEYWORD_STREAM_PREFIX,
  FIELD_STREAM_PREFIX,
  WORKFLOW_STREAM,
  CATALOG_INSTALLATION_STREAM,
  USER_STREAM_PREFIX,
  GROUP_STREAM_PREFIX,
]);

/** Two callers with the same key get the same answer to the same question. */
export function bugRulesCallerKey(auth: AuthContext): string {
  return `${hasPermission(auth, 'admin') ? 'admin' : 'user'}:${[...auth.groupIds].sort((a, b) => a - b).join(',')}`;
}
