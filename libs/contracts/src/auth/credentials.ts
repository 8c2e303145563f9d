/**
 * Credentials as the gateway found them on a request, whatever their spelling
 * (Tracker_, Bugzilla_ or plain names; query, body or headers). Only identity ever
 * sees them; they are never logged, stored in events or passed to other services.
 */
export type Credentials =
  | { readonly method: 'api_key'; readonly apiKey: string }
  | { readonly method: 'password'; readonly login: string; readonly password: string; readonly restrictToIp: boolean }
  | { readonly method: 'token'; readonly token: string };
