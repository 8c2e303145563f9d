/** The id sequences of identity's read-model schema (its first migration creates them). */
export type IdentitySequence = 'user_ids' | 'group_ids' | 'api_key_ids' | 'login_token_ids';

/** Logins and group names are unique across streams; bootstrap runs once however many replicas start. */
export type IdentityLock = 'login' | 'group-name' | 'bootstrap';
