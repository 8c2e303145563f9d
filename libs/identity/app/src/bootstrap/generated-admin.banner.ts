/**
 * The one time a secret is shown: an installation started with no administrator settings
 * gets a generated password and API key, printed once, framed, on standard output (not
 * through the logger, whose lines may be shipped elsewhere). They are stored only hashed.
 */
export function printGeneratedAdmin(login: string, password: string, apiKey: string): void {
  const lines = [
    'Tracker created its administrator with generated credentials.',
    'They are shown this once; store them now, or set TRACKER_ADMIN_LOGIN,',
    'TRACKER_ADMIN_PASSWORD and TRACKER_ADMIN_API_KEY before the first start.',
    '',
    `  login:    ${login}`,
    `  password: ${password}`,
    `  API key:  ${apiKey}`,
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  const rule = `+${'-'.repeat(width)}+`;
  process.stdout.write(`\n${rule}\n${lines.map((line) => `| ${line.padEnd(width - 1)}|`).join('\n')}\n${rule}\n\n`);
}
