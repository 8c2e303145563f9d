// Installs what the test suites need beyond npm: Debian's python3-bugzilla library and
// its `bugzilla` CLI (the real Bugzilla client the end-to-end tests drive). Runs before
// `npm test`; does nothing when they are present. Needs root and apt-get to install; in
// CI (CI=true) a missing client that cannot be installed is an error. The library is
// Debian's, so it is checked (and later driven) with Debian's /usr/bin/python3, not
// whatever python3 comes first on PATH.
import { execFileSync, spawnSync } from 'node:child_process';

const has = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const present = () => has('bugzilla', ['--version']) && has('/usr/bin/python3', ['-c', 'import bugzilla']);

if (!present()) {
  const canInstall = process.getuid?.() === 0 && has('apt-get', ['--version']);
  if (canInstall) {
    console.error('installing python3-bugzilla and bugzilla-cli from Debian ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'python3-bugzilla', 'bugzilla-cli'], { stdio: 'inherit', env });
  }
  if (!present()) {
    const message = 'python3-bugzilla / bugzilla-cli are missing: install them (apt-get install python3-bugzilla bugzilla-cli)';
    if (process.env.CI === 'true') {
      console.error(message);
      process.exit(1);
    }
    console.warn(`\n!!! ${message}; the suites that drive the real client will fail or be skipped !!!\n`);
  }
}
