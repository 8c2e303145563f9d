// The static checks `npm test` runs before Jest: the type check and the linters (eslint,
// prettier) side by side, each on a core of its own, instead of one after the other: both
// are single-threaded and together took a minute and a half of the test command's time.
// Each one's output is printed whole once it ends; any failure fails the run.
import { spawn } from 'node:child_process';

const checks = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
];

const results = await Promise.all(
  checks.map(
    ([name, command, args]) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          process.stdout.write(`static checks: ${name} ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
if (results.includes(false)) process.exit(1);
