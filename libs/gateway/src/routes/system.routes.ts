import { formatDateTime } from '@tracker/contracts';
import type { Route } from '../routing/route';

/**
 * Calls the gateway answers itself (Bugzilla's Bugzilla.* methods). The version is the
 * Bugzilla release whose REST contract Tracker speaks: clients such as python-bugzilla
 * read `major.minor` from it to decide which calls exist.
 */
export const TRACKER_API_VERSION = '5.2';

export const systemRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/version',
    credentials: 'ignored',
    target: { kind: 'local', answer: () => ({ version: TRACKER_API_VERSION }) },
  },
  {
    method: 'GET',
    path: '/extensions',
    target: { kind: 'local', answer: () => ({ extensions: {} }) },
  },
  {
    method: 'GET',
    path: '/timezone',
    credentials: 'ignored',
    target: { kind: 'local', answer: () => ({ timezone: '+0000' }) },
  },
  {
    method: 'GET',
    path: '/time',
    credentials: 'ignored',
    target: {
      kind: 'local',
      answer: () => {
        const now = formatDateTime(new Date());
        return { db_time: now, web_time: now, web_time_utc: now, tz_name: 'UTC', tz_offset: '+0000', tz_short_name: 'UTC' };
      },
    },
  },
];
