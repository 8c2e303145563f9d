import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_ADMIN } from '../../../support/admin';
import { ADMIN, type IdentityApi, PASSWORD } from '../support/identity-api';

// Debian's python-bugzilla: importable only by Debian's own interpreter, whatever python3 is on PATH
const PYTHON = '/usr/bin/python3';
const BUGZILLA_CLI = '/usr/bin/bugzilla';
const ROOT = resolve(__dirname, '../../../..');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(
      command,
      [...args],
      { env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? '');
  });
}

/**
 * Real clients against the gateway: Debian's python3-bugzilla (its `bugzilla` CLI saves
 * an API key to bugzillarc, its library reads it and creates a user), and Tracker's own
 * operator CLI. A missing python-bugzilla fails these tests: it must not be skipped.
 */
export function clientCases(api: IdentityApi, baseUrl: () => string): void {
  describe('python-bugzilla', () => {
    let home = '';
    beforeAll(async () => {
      home = await mkdtemp(join(tmpdir(), 'tracker-pybz-'));
    });
    afterAll(async () => {
      await rm(home, { recursive: true, force: true });
    });

    it('is installed (tools/ensure-system-deps.mjs installs it before the tests)', () => {
      expect({ cli: existsSync(BUGZILLA_CLI), python: existsSync(PYTHON) }).toEqual({ cli: true, python: true });
    });

    it('`bugzilla login --api-key` checks the key against the gateway and writes it to bugzillarc; a bad key is refused', async () => {
      const url = `${baseUrl()}/rest/`;
      const bad = await run(
        BUGZILLA_CLI,
        ['--bugzilla', url, 'login', '--api-key'],
        { HOME: home },
        'notavalidkey000000000000000000000000000\n',
      );
      expect(bad.code).not.toBe(0);
      expect(bad.stdout + bad.stderr).toContain('400 Client Error');
      const good = await run(BUGZILLA_CLI, ['--bugzilla', url, 'login', '--api-key'], { HOME: home }, `${TEST_ADMIN.apiKey}\n`);
      expect({ code: good.code, out: good.stdout.trim() }).toEqual({
        code: 0,
        out: `API Key: Login successful. API key written to ${home}/.config/python-bugzilla/bugzillarc`,
      });
      const rc = await readFile(join(home, '.config/python-bugzilla/bugzillarc'), 'utf8');
      expect(rc).toContain(`api_key = ${TEST_ADMIN.apiKey}`);
    });

    it('the library logs in with the key from bugzillarc and creates a user with createuser', async () => {
      const email = `pybz-${Date.now()}@example.com`;
      const script = [
        'import json, sys, bugzilla',
        `bz = bugzilla.Bugzilla(${JSON.stringify(`${baseUrl()}/rest/`)})`,
        `user = bz.createuser(${JSON.stringify(email)}, "Py Bugzilla", ${JSON.stringify(PASSWORD)})`,
        'print(json.dumps({"logged_in": bz.logged_in, "rest": bz.is_rest(), "version": [bz.bz_ver_major, bz.bz_ver_minor],',
        '                  "id": user.userid, "email": user.email, "real_name": user.real_name, "can_login": user.can_login}))',
      ].join('\n');
      const result = await run(PYTHON, ['-c', script], { HOME: home });
      expect(result.stderr).toBe('');
      const created = JSON.parse(result.stdout) as { id: number };
      expect(created).toEqual({
        logged_in: true,
        rest: true,
        version: [5, 2],
        id: created.id,
        email,
        real_name: 'Py Bugzilla',
        can_login: true,
      });
      expect((await api.get(`/rest/login?login=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}`)).json()).toEqual({
        id: created.id,
        token: expect.any(String) as unknown,
      });
    });

    it('`bugzilla login <user> <password>` caches a login token', async () => {
      const email = `pytoken-${Date.now()}@example.com`;
      await api.post('/rest/user', { email, password: PASSWORD }, ADMIN);
      const tokenHome = await mkdtemp(join(tmpdir(), 'tracker-pybz-token-'));
      try {
        const result = await run(BUGZILLA_CLI, ['--bugzilla', `${baseUrl()}/rest/`, 'login', email, PASSWORD], { HOME: tokenHome });
        expect(result.code).toBe(0);
        const cache = await readFile(join(tokenHome, '.cache/python-bugzilla/bugzillatoken'), 'utf8');
        const token = /token = (\S+)/.exec(cache)?.[1] ?? '';
        expect((await api.get('/rest/whoami', { token })).json()).toMatchObject({ name: email });
      } finally {
        await rm(tokenHome, { recursive: true, force: true });
      }
    });
  });

  describe('the operator CLI (tools/identity-cli.mjs)', () => {
    const cli = (...args: string[]): Promise<Run> =>
      run(process.execPath, [join(ROOT, 'tools/identity-cli.mjs'), ...args], {
        TRACKER_URL: baseUrl(),
        TRACKER_API_KEY: TEST_ADMIN.apiKey,
      });

    it('creates a user, hands it an API key, resets its password, disables and enables it', async () => {
      const email = `cli-${Date.now()}@example.com`;
      const created = await cli('create-user', '--email', email, '--name', 'Cli User', '--password', PASSWORD);
      const { id } = JSON.parse(created.stdout) as { id: number };
      const keyed = JSON.parse((await cli('create-api-key', '--user', email)).stdout) as { api_key: string };
      expect((await api.get('/rest/whoami', { apiKey: keyed.api_key })).json()).toEqual({ id, name: email, real_name: 'Cli User' });
      expect((await cli('reset-password', '--user', email, '--password', 'Reset-Pass-4')).code).toBe(0);
      expect((await api.get(`/rest/login?login=${encodeURIComponent(email)}&password=Reset-Pass-4`)).status).toBe(200);
      expect((await cli('disable', '--user', email, '--reason', 'Gone')).code).toBe(0);
      expect((await api.get('/rest/whoami', { apiKey: keyed.api_key })).status).toBe(401);
      expect((await cli('enable', '--user', email)).code).toBe(0);
      expect((await api.get('/rest/whoami', { apiKey: keyed.api_key })).status).toBe(200);
    });

    it('reports errors with their code and exits 1', async () => {
      const result = await cli('disable', '--user', 'ghost@example.com', '--reason', 'x');
      expect({ code: result.code, stderr: result.stderr.trim() }).toEqual({
        code: 1,
        stderr:
          "error 51: There is no user named 'ghost@example.com'. Either you mis-typed the name or that user has not yet registered for a Tracker account.",
      });
    });
  });
}
