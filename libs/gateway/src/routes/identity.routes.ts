import {
  CommonErrors,
  CREATE_API_KEY_SUBJECT,
  CREATE_GROUP_SUBJECT,
  CREATE_USER_SUBJECT,
  createApiKeyParams,
  createGroupParams,
  createUserParams,
  GET_GROUPS_SUBJECT,
  GET_USERS_SUBJECT,
  type GetGroupsResult,
  type GetUsersResult,
  getGroupsParams,
  getUsersParams,
  LIST_API_KEYS_SUBJECT,
  listApiKeysParams,
  LOGIN_SUBJECT,
  loginParams,
  LOGOUT_SUBJECT,
  logoutParams,
  UPDATE_API_KEY_SUBJECT,
  UPDATE_GROUP_SUBJECT,
  UPDATE_USER_SUBJECT,
  updateApiKeyParams,
  updateGroupParams,
  updateUserParams,
  VALID_LOGIN_SUBJECT,
  validLoginParams,
} from '@tracker/contracts';
import { FieldFilter, filterObjects, type ObjectShape } from '@tracker/field-filter';
import type { Route } from '../routing/route';

/**
 * User.get filters top-level keys only, and email_enabled / login_denied_text come back
 * whatever the lists say (golden 10, 149). Group.get's objects are filtered like every
 * other object, members by `membership.<field>` (Bugzilla's Group.get ignores the lists).
 */
const USER_SHAPE: ObjectShape = { unfiltered: ['email_enabled', 'login_denied_text'] };
const GROUP_SHAPE: ObjectShape = { nested: { membership: {} } };

const message = (subject: string): Route['target'] => ({ kind: 'message', subject });

const getGroups = (path: string): Route => ({
  method: 'GET',
  path,
  params: getGroupsParams,
  target: message(GET_GROUPS_SUBJECT),
  filterResponse: (result, fields) => {
    const groups = (result as GetGroupsResult).groups.map((group) => ({ ...group }));
    return { groups: filterObjects(groups, GROUP_SHAPE, new FieldFilter(fields)) };
  },
});

const getUsers = (path: string): Route => ({
  method: 'GET',
  path,
  params: getUsersParams,
  target: message(GET_USERS_SUBJECT),
  filterResponse: (result, fields) => ({ users: filterObjects((result as GetUsersResult).users, USER_SHAPE, new FieldFilter(fields)) }),
});

/**
 * The REST routes answered by the identity service: Bugzilla's User and Group methods and
 * Tracker's API key extension (docs/identity.md). Login, logout and valid_login receive
 * the caller's credentials (`passed`): they act on the password or token itself.
 */
export const identityRoutes: readonly Route[] = [
  { method: 'GET', path: '/login', credentials: 'passed', params: loginParams, target: message(LOGIN_SUBJECT) },
  { method: 'GET', path: '/logout', credentials: 'passed', params: logoutParams, target: message(LOGOUT_SUBJECT) },
  { method: 'GET', path: '/valid_login', credentials: 'passed', params: validLoginParams, target: message(VALID_LOGIN_SUBJECT) },
  {
    // answered from the AuthContext the gateway already holds: no second round trip
    method: 'GET',
    path: '/whoami',
    target: {
      kind: 'local',
      answer: (_params, { auth }) => {
        if (auth.userId === null) throw CommonErrors.loginRequired();
        return { id: auth.userId, name: auth.login, real_name: auth.realName };
      },
    },
  },
  getUsers('/user'),
  getUsers('/user/:id_or_name'),
  { method: 'POST', path: '/user', successStatus: 201, params: createUserParams, target: message(CREATE_USER_SUBJECT) },
  { method: 'PUT', path: '/user/:id_or_name', params: updateUserParams, target: message(UPDATE_USER_SUBJECT) },
  { method: 'GET', path: '/user/api_key', params: listApiKeysParams, target: message(LIST_API_KEYS_SUBJECT) },
  { method: 'POST', path: '/user/api_key', successStatus: 201, params: createApiKeyParams, target: message(CREATE_API_KEY_SUBJECT) },
  { method: 'PUT', path: '/user/api_key/:id', params: updateApiKeyParams, target: message(UPDATE_API_KEY_SUBJECT) },
  getGroups('/group'),
  getGroups('/group/:id_or_name'),
  { method: 'POST', path: '/group', successStatus: 201, params: createGroupParams, target: message(CREATE_GROUP_SUBJECT) },
  { method: 'PUT', path: '/group/:id_or_name', params: updateGroupParams, target: message(UPDATE_GROUP_SUBJECT) },
];
