import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TEST_ADMIN } from '../../../support/admin';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, type AttachmentsReply, AttachmentsWorld } from '../support/attachments-world';

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';
const CLI = '/usr/bin/bugzilla';
const missing = existsSync(PYTHON) && existsSync(CLI) ? null : `${PYTHON} or ${CLI} is missing`;
if (missing !== null && process.env['CI'] !== 'true') {
  console.warn(`\n!!! SKIPPED python-bugzilla attachments suite: ${missing} (install Debian's python3-bugzilla) !!!\n`);
}

/** attachfile of the bytes in a file, openattachment of the new id, get_attachments by bug and by id; JSON on stdout. */
const LIBRARY_SCRIPT = `
import base64, json, sys
import bugzilla
url, bug_id, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
bz = bugzilla.Bugzilla(url)
att_id = bz.attachfile(bug_id, path, "Binary bytes", file_name="blob.bin", content_type="application/octet-stream")
opened = bz.openattachment(att_id).read()
by_bug = bz.get_attachments(bug_id, None)
by_id = bz.get_attachments(None, att_id)
print(json.dumps({
  "id": att_id,
  "opened": base64.b64encode(opened).decode(),
  "by_bug": by_bug,
  "by_id": by_id,
}))
`;

/**
 * Debian's python3-bugzilla, unmodified, against the gateway in both run modes: the CLI's
 * `attach` (the file on stdin) and `attach --get` (writes the file back byte for byte), and
 * the library's attachfile, openattachment and get_attachments (docs/attachments.md §10).
 */
export function pythonBugzillaCases(tracker: () => RunningTracker): void {
  describe('python-bugzilla attachments', () => {
    const world = new AttachmentsWorld(() => tracker().baseUrl);
    let home: string;
    let bug: number;
    const env = (): NodeJS.ProcessEnv => ({ HOME: home, PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' });

    /** The CLI with HOME holding the administrator's API key; `stdin` piped in when given. */
    const cli = (args: readonly string[], options: { stdin?: Buffer; cwd?: string } = {}): Promise<string> =>
      new Promise((resolve, reject) => {
        const child = spawn(CLI, ['--bugzilla', `${tracker().baseUrl}/rest/`, ...args], { env: env(), cwd: options.cwd ?? home });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`bugzilla ${args.join(' ')}: ${code} ${err}`))));
        child.stdin.end(options.stdin ?? Buffer.alloc(0));
      });

    beforeAll(async () => {
      if (missing !== null && process.env['CI'] === 'true') throw new Error(`python-bugzilla is required in CI: ${missing}`);
      home = await mkdtemp(join(tmpdir(), 'python-bugzilla-attach-'));
      await writeFile(join(home, '.bugzillarc'), `[${new URL(tracker().baseUrl).host}]\napi_key = ${TEST_ADMIN.apiKey}\n`);
      bug = await world.bug(ADMIN, 'Attach here.');
    }, 120_000);

    afterAll(async () => {
      if (home) await rm(home, { recursive: true, force: true });
    });

    const suite = missing !== null ? it.skip : it;

    suite('the CLI attaches a file from stdin and attach --get writes it back byte-identical', async () => {
      const text = Buffer.from('Notes: naïve café ✓\nsecond line\n\ttabbed\n', 'utf8');
      const created = await cli(['attach', '--file=notes.txt', '--desc=CLI notes', String(bug)], { stdin: text });
      const match = /^Created attachment (\d+) on bug (\d+)$/.exec(created);
      expect(match?.[2]).toBe(String(bug));
      const id = Number(match?.[1]);
      expect(await world.attachment(ADMIN, id, '?include_fields=file_name,summary,content_type,size')).toEqual({
        file_name: 'notes.txt',
        summary: 'CLI notes',
        content_type: 'text/plain',
        size: text.length,
      });
      const cwd = await mkdtemp(join(tmpdir(), 'python-bugzilla-get-'));
      try {
        expect(await cli(['attach', `--get=${id}`], { cwd })).toBe('Wrote notes.txt');
        expect((await readFile(join(cwd, 'notes.txt'))).equals(text)).toBe(true);
      } finally {
        await rm(cwd, { recursive: true, force: true });
      }
    });

    suite('the library: attachfile of binary bytes, openattachment and get_attachments agree with the REST reads', async () => {
      const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(200 * 1024)]);
      const path = join(home, 'blob.bin');
      await writeFile(path, bytes);
      const { stdout } = await run(PYTHON, ['-c', LIBRARY_SCRIPT, `${tracker().baseUrl}/rest/`, String(bug), path], {
        env: env(),
        maxBuffer: 16 * 1024 * 1024,
      });
      const result = JSON.parse(stdout) as { id: number; opened: string; by_bug: AttachmentsReply; by_id: AttachmentsReply };
      expect(Buffer.from(result.opened, 'base64').equals(bytes)).toBe(true);
      const rest = await world.ok<AttachmentsReply>(ADMIN, 'GET', `/bug/attachment/${result.id}`);
      expect(result.by_id).toEqual(rest);
      expect(result.by_bug).toEqual(await world.ok<AttachmentsReply>(ADMIN, 'GET', `/bug/${bug}/attachment`));
      expect(result.by_id.attachments[String(result.id)]).toMatchObject({ file_name: 'blob.bin', size: bytes.length, is_private: false });
    });
  });
}
