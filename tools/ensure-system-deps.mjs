// Installs what the test suites need beyond npm, from Debian's packages; runs before
// `npm test` and does nothing when everything is present. Needs root and apt-get to
// install; in CI (CI=true) anything missing that cannot be installed is an error.
// - python3-bugzilla and its `bugzilla` CLI: the real Bugzilla client the end-to-end
//   tests drive. The library is Debian's, so it is checked (and later driven) with
//   Debian's /usr/bin/python3, not whatever python3 comes first on PATH.
// - kubectl from Debian's kubernetes-client, unpacked into .tools/ (not installed): the
//   renderer of the Kubernetes manifests (test/deploy). Unpacked because machines of this
//   kind may carry another kubectl package owning /usr/bin/kubectl, and so that the
//   manifests are always rendered by the one kustomize they are written for.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** where the unpacked kubectl lives; test/deploy/support/kubectl.ts looks there */
const kubectlRoot = join(root, '.tools', 'kubernetes-client');
const kubectl = join(kubectlRoot, 'usr', 'bin', 'kubectl');

const has = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

const needs = [
  {
    what: 'python3-bugzilla and bugzilla-cli',
    present: () => has('bugzilla', ['--version']) && has('/usr/bin/python3', ['-c', 'import bugzilla']),
    install: () => execFileSync('apt-get', ['install', '-y', '-qq', 'python3-bugzilla', 'bugzilla-cli'], { stdio: 'inherit', env }),
    hint: 'apt-get install python3-bugzilla bugzilla-cli',
    without: 'the suites that drive the real client will fail or be skipped',
  },
  {
    what: "Debian's kubectl (kubernetes-client) in .tools/",
    present: () => has(kubectl, ['version', '--client']),
    install: unpackKubernetesClient,
    hint: 'npm test as root on Debian unpacks it (apt-get download kubernetes-client)',
    without: 'the Kubernetes manifests cannot be rendered and their suite will be skipped',
  },
].filter((need) => !need.present());

function unpackKubernetesClient() {
  const work = mkdtempSync(join(tmpdir(), 'kubernetes-client-'));
  try {
    // the sandbox user _apt cannot write into a private temporary directory
    execFileSync('apt-get', ['download', '-qq', '-o', 'APT::Sandbox::User=root', 'kubernetes-client'], {
      cwd: work,
      stdio: 'inherit',
      env,
    });
    const [deb] = readdirSync(work).filter((name) => name.endsWith('.deb'));
    if (!deb) throw new Error('apt-get download kubernetes-client left no .deb');
    rmSync(kubectlRoot, { recursive: true, force: true });
    mkdirSync(kubectlRoot, { recursive: true });
    execFileSync('dpkg-deb', ['-x', join(work, deb), kubectlRoot], { stdio: 'inherit' });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (needs.length > 0 && process.getuid?.() === 0 && has('apt-get', ['--version'])) {
  console.error(`installing ${needs.map((need) => need.what).join(', ')} from Debian ...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  for (const need of needs) need.install();
}
const missing = needs.filter((need) => !need.present());
for (const need of missing) {
  const message = `${need.what} missing: ${need.hint}`;
  if (process.env.CI === 'true') console.error(message);
  else console.warn(`\n!!! ${message}; ${need.without} !!!\n`);
}
if (missing.length > 0 && process.env.CI === 'true') process.exit(1);
