import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TEST_ADMIN } from '../../../support/admin';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, BugCalls, BugsWorld } from '../support/bugs-world';

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';
const CLI = '/usr/bin/bugzilla';

/** Debian's python3-bugzilla (docs/stack.md): its CLI and library, unmodified, against the gateway. */
function clientMissing(): string | null {
  if (!existsSync(PYTHON) || !existsSync(CLI)) return `${PYTHON} or ${CLI} is missing`;
  return null;
}

const missing = clientMissing();
if (missing !== null && process.env['CI'] !== 'true') {
  console.warn(`\n!!! SKIPPED python-bugzilla suite: ${missing} (install Debian's python3-bugzilla) !!!\n`);
}

/** The library calls of the issue, as a script run by /usr/bin/python3 printing JSON. */
const LIBRARY_SCRIPT = `
import json, sys
import bugzilla
url, bug_id, product, word, cc = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
bz = bugzilla.Bugzilla(url)
bug = bz.getbug(bug_id)
found = bz.query(bz.build_query(product=product, short_desc=word, include_fields=["id", "summary"]))
updated = bz.update_bugs([bug_id], bz.build_update(status="IN_PROGRESS", priority="High", cc_add=[cc], comment="From the library."))
history = bz.bugs_history_raw([bug_id])
bug.refresh()
print(json.dumps({
  "bug": {"id": bug.id, "summary": bug.summary, "status": bug.status, "product": bug.product, "assigned_to": bug.assigned_to, "cc": bug.cc, "priority": bug.priority},
  "found": [[b.id, b.summary] for b in found],
  "updated": updated,
  "history": history,
  "bug_history": bug.get_history_raw(),
}))
`;

export function pythonBugzillaCases(tracker: () => RunningTracker): void {
  describe('python-bugzilla', () => {
    const world = new BugsWorld(() => tracker().baseUrl);
    const bugs = new BugCalls(world);
    let home: string;
    let product: string;

    /** Runs the CLI with HOME holding a bugzillarc with the administrator's API key. */
    const cli = async (...args: string[]): Promise<string> => {
      const { stdout } = await run(CLI, ['--bugzilla', `${tracker().baseUrl}/rest/`, ...args], {
        env: { HOME: home, PATH: '/usr/bin:/bin' },
      });
      return stdout.trim();
    };

    beforeAll(async () => {
      if (missing !== null) throw new Error(`python-bugzilla is required in CI: ${missing}`);
      home = await mkdtemp(join(tmpdir(), 'python-bugzilla-'));
      const host = new URL(tracker().baseUrl).host;
      await writeFile(join(home, '.bugzillarc'), `[${host}]\napi_key = ${TEST_ADMIN.apiKey}\n`);
      product = await world.product('Python');
    }, 60_000);

    afterAll(async () => {
      if (home) await rm(home, { recursive: true, force: true });
    });

    const suite = missing !== null && process.env['CI'] !== 'true' ? it.skip : it;

    suite('the CLI files a bug (new), finds it (query by id, by product and summary) and changes it (modify)', async () => {
      const created = await cli(
        'new',
        '--ids',
        '-p',
        product,
        '-c',
        'Main',
        '-v',
        '1.0',
        '-t',
        `CLI bug ${world.suffix}`,
        '-l',
        'Filed from the CLI.',
        '-o',
        'Linux',
        '--arch',
        'PC',
      );
      const id = Number(created);
      expect(id).toBeGreaterThan(0);
      expect(await bugs.read(ADMIN, id, '?include_fields=summary,op_sys,platform,product')).toEqual({
        summary: `CLI bug ${world.suffix}`,
        op_sys: 'Linux',
        platform: 'PC',
        product,
      });
      expect(await cli('query', '--ids', '-b', String(id))).toBe(String(id));
      // python-bugzilla's default line: "#%-6s %-10s - %s - %s" (id, status, assignee, summary)
      expect(await cli('query', '-b', String(id))).toBe(
        `#${String(id).padEnd(6)} ${'CONFIRMED'.padEnd(10)} - ${ADMIN.login} - CLI bug ${world.suffix}`,
      );
      // a summary is searched as one substring, spaces included (docs/bugs.md, "Search values")
      expect(await cli('query', '--ids', '-p', product, '-t', `bug ${world.suffix}`)).toBe(String(id));
      expect(await cli('query', '--ids', '-p', product, '-t', `CLI ${world.suffix}`)).toBe('');
      const watcher = await world.user('watcher');
      await cli('modify', String(id), '-s', 'IN_PROGRESS', '--cc', watcher.login, '-l', 'Changed from the CLI.');
      expect(await bugs.read(ADMIN, id, '?include_fields=status,cc')).toMatchObject({ status: 'IN_PROGRESS', cc: [watcher.login] });
      expect((await bugs.comments(ADMIN, id)).map((comment) => comment.text)).toEqual(['Filed from the CLI.', 'Changed from the CLI.']);
    });

    suite(
      'the library: getbug, query(build_query(...)), update_bugs(build_update(...)), bugs_history_raw and get_history_raw',
      async () => {
        const watcher = await world.user('libwatcher');
        const id = await world.bug(ADMIN, product, { summary: `Library bug ${world.suffix}` });
        const { stdout } = await run(
          PYTHON,
          ['-c', LIBRARY_SCRIPT, `${tracker().baseUrl}/rest/`, String(id), product, `library BUG ${world.suffix}`, watcher.login],
          {
            env: { HOME: home, PATH: '/usr/bin:/bin' },
          },
        );
        const result = JSON.parse(stdout) as Record<string, unknown>;
        expect(result['bug']).toEqual({
          id,
          summary: `Library bug ${world.suffix}`,
          status: 'IN_PROGRESS',
          product,
          assigned_to: ADMIN.login,
          cc: [watcher.login],
          priority: 'High',
        });
        expect(result['found']).toEqual([[id, `Library bug ${world.suffix}`]]);
        expect(result['updated']).toEqual({
          bugs: [
            {
              id,
              alias: [],
              last_change_time: expect.any(String),
              changes: {
                status: { removed: 'CONFIRMED', added: 'IN_PROGRESS' },
                priority: { removed: '---', added: 'High' },
                cc: { removed: '', added: watcher.login },
              },
            },
          ],
        });
        const history = {
          bugs: [
            {
              id,
              alias: [],
              history: [
                {
                  when: expect.any(String),
                  who: ADMIN.login,
                  changes: expect.arrayContaining([{ field_name: 'priority', removed: '---', added: 'High' }]),
                },
              ],
            },
          ],
        };
        expect(result['history']).toEqual(history);
        expect(result['bug_history']).toEqual(history);
      },
    );
  });
}
