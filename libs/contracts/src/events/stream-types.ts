import { bugStreamType } from '../bugs/bug.events';
import { lastVisitStreamType } from '../bugs/last-visit.events';
import { personalTagsStreamType } from '../bugs/personal-tags.events';
import { classificationStreamType } from '../catalog/events/classification.events';
import { fieldStreamType } from '../catalog/events/field.events';
import { catalogInstallationStreamType } from '../catalog/events/installation.events';
import { keywordStreamType } from '../catalog/events/keyword.events';
import { productStreamType } from '../catalog/events/product.events';
import { workflowStreamType } from '../catalog/events/workflow.events';
import { commentTagsStreamType } from '../comments/comment-tags.events';
import { flagTypeStreamType } from '../flags/flag-type.events';
import { apiKeyStreamType } from '../identity/api-key.events';
import { groupStreamType } from '../identity/group.events';
import { loginTokenStreamType } from '../identity/login-token.events';
import { userStreamType } from '../identity/user.events';
import { mailPreferencesStreamType } from '../mailer/mail-preferences.events';
import { watchListStreamType } from '../mailer/watch-list.events';
import { projectionSkipsStreamType } from './projection-skip.events';
import type { StreamType } from './stream-type';

/**
 * Every stream type of the services, whichever owns it. Each process reads with all of
 * them, so any reader (a projection of another service's events, a mailer) sees the
 * current shapes without declaring anything. A new stream type is added here.
 */
export const DOMAIN_STREAM_TYPES: readonly StreamType[] = [
  userStreamType,
  groupStreamType,
  apiKeyStreamType,
  loginTokenStreamType,
  classificationStreamType,
  productStreamType,
  keywordStreamType,
  fieldStreamType,
  workflowStreamType,
  catalogInstallationStreamType,
  bugStreamType,
  personalTagsStreamType,
  lastVisitStreamType,
  commentTagsStreamType,
  flagTypeStreamType,
  mailPreferencesStreamType,
  watchListStreamType,
];

/** The platform's own streams: the read models' skip log. */
export const PLATFORM_STREAM_TYPES: readonly StreamType[] = [projectionSkipsStreamType];

/** Every stream type a process reads and writes. */
export const STREAM_TYPES: readonly StreamType[] = [...DOMAIN_STREAM_TYPES, ...PLATFORM_STREAM_TYPES];
