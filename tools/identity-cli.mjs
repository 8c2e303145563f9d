#!/usr/bin/env node
// Operator CLI for Tracker's accounts, over the REST API of a running Tracker (see
// docs/identity.md). It authenticates with the API key of an editusers member (the
// administrator's, usually) sent as a header, never in the URL.
//
//   node tools/identity-cli.mjs <command> [--option value ...]
//
// Connection: --url (or TRACKER_URL, default http://localhost:3000) and --api-key (or
// TRACKER_API_KEY). Prints the answer as JSON; exits 1 with "error <code>: <message>".
import { parseArgs } from 'node:util';

const COMMANDS = {
  'create-user': {
    usage: '--email <login> [--name <real name>] [--password <password>]',
    run: (o) => call('POST', '/rest/user', { email: need(o, 'email'), full_name: o.name, password: o.password }),
  },
  'reset-password': {
    usage: '--user <login> --password <new password>',
    run: (o) => call('PUT', userPath(o), { password: need(o, 'password') }),
  },
  disable: {
    usage: '--user <login> --reason <text shown to the user>',
    run: (o) => call('PUT', userPath(o), { login_denied_text: need(o, 'reason') }),
  },
  enable: {
    usage: '--user <login>',
    run: (o) => call('PUT', userPath(o), { login_denied_text: '' }),
  },
  'add-to-group': {
    usage: '--user <login> --group <group name>',
    run: (o) => call('PUT', userPath(o), { groups: { add: [need(o, 'group')] } }),
  },
  'create-api-key': {
    usage: '--user <login> [--description <text>]',
    run: (o) => call('POST', '/rest/user/api_key', { user: need(o, 'user'), description: o.description ?? 'created with identity-cli' }),
  },
  'list-api-keys': {
    usage: '[--user <login>]',
    run: (o) => call('GET', `/rest/user/api_key${o.user ? `?user=${encodeURIComponent(o.user)}` : ''}`),
  },
  'revoke-api-key': {
    usage: '--id <key id>',
    run: (o) => call('PUT', `/rest/user/api_key/${encodeURIComponent(need(o, 'id'))}`, { revoked: true }),
  },
  whoami: { usage: '', run: () => call('GET', '/rest/whoami') },
};

const OPTIONS = ['url', 'api-key', 'email', 'name', 'password', 'user', 'reason', 'group', 'description', 'id'];

class UsageError extends Error {}

let connection;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(command ? `unknown command '${command}'` : 'no command given');
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(OPTIONS.map((name) => [name, { type: 'string' }])),
    strict: true,
  });
  const apiKey = values['api-key'] ?? process.env.TRACKER_API_KEY;
  if (!apiKey) throw new UsageError('no API key: pass --api-key or set TRACKER_API_KEY');
  connection = { url: (values.url ?? process.env.TRACKER_URL ?? 'http://localhost:3000').replace(/\/+$/, ''), apiKey };
  console.info(JSON.stringify(await spec.run(values), null, 2));
}

function need(options, name) {
  const value = options[name];
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

function userPath(options) {
  return `/rest/user/${encodeURIComponent(need(options, 'user'))}`;
}

async function call(method, path, body) {
  const response = await fetch(`${connection.url}${path}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-tracker-api-key': connection.apiKey },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json().catch(() => ({ error: true, code: response.status, message: `HTTP ${response.status}` }));
  if (answer.error) {
    const failure = new Error(`error ${answer.code}: ${answer.message}`);
    failure.reported = true;
    throw failure;
  }
  return answer;
}

main().catch((error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\nusage: node tools/identity-cli.mjs <command> [--url <url>] [--api-key <key>] ...`);
    for (const [name, { usage }] of Object.entries(COMMANDS)) console.error(`  ${name} ${usage}`);
  } else {
    console.error(error.reported ? error.message : `error: ${error.message}`);
  }
  process.exit(1);
});
