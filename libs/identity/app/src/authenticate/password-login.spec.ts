import { EnvReader } from '@tracker/platform/config';
import { readIdentityOptions } from '../identity.options';
import type { AuthRow, CredentialQueries } from '../read-model/credentials.queries';
import type { LoginFailureStore } from '../read-model/login-failures.store';
import { hashPassword } from '../security/password-hasher';
import { type LoginOrigin, PasswordLogin } from './password-login';

/** The failures table in memory, with the store's semantics (times after `since`, oldest first). */
class MemoryFailures {
  rows: Array<{ userId: number | null; ip: string; at: Date }> = [];

  forAccount(userId: number, ip: string, since: Date): Promise<Date[]> {
    return Promise.resolve(this.rows.filter((row) => row.userId === userId && row.ip === ip && row.at > since).map((row) => row.at));
  }

  forAddress(ip: string, since: Date): Promise<Date[]> {
    return Promise.resolve(this.rows.filter((row) => row.ip === ip && row.at > since).map((row) => row.at));
  }

  record(userId: number | null, ip: string, at: Date): Promise<void> {
    this.rows.push({ userId, ip, at });
    return Promise.resolve();
  }

  clear(userId: number, ip: string): Promise<void> {
    this.rows = this.rows.filter((row) => row.userId !== userId || row.ip !== ip);
    return Promise.resolve();
  }
}

const PASSWORD = 'Right-Pass-1';
const NOW = new Date('2026-03-01T12:00:00Z');
const PROXY: LoginOrigin = { ip: '10.0.0.1', identifiesClient: false };
const CLIENT: LoginOrigin = { ip: '203.0.113.7', identifiesClient: true };

describe('PasswordLogin lockouts', () => {
  let account: AuthRow;
  let failures: MemoryFailures;
  let login: PasswordLogin;

  beforeAll(async () => {
    account = {
      id: 42,
      login: 'ann@example.com',
      real_name: 'Ann',
      disabled_text: '',
      password_hash: await hashPassword(PASSWORD),
      group_ids: [],
      group_names: [],
    };
  });

  beforeEach(() => {
    failures = new MemoryFailures();
    const credentials = {
      byLogin: (name: string) => Promise.resolve(name === account.login ? account : undefined),
    } as unknown as CredentialQueries;
    const options = readIdentityOptions(new EnvReader({ TRACKER_MAX_LOGIN_FAILURES_PER_ADDRESS: '5' }));
    login = new PasswordLogin(credentials, failures as unknown as LoginFailureStore, { now: () => NOW }, options);
  });

  const failFrom = async (origin: LoginOrigin, count: number): Promise<void> => {
    for (let i = 0; i < count; i++)
      await expect(login.verify(`nobody${i}@example.com`, 'wrong', origin)).rejects.toMatchObject({ code: 300 });
  };

  it('given an address that identifies one client, when its failures over all accounts reach the limit, then it is locked for every account', async () => {
    await failFrom(CLIENT, 5);
    await expect(login.verify(account.login, PASSWORD, CLIENT)).rejects.toMatchObject({
      code: 32000,
      message: 'Your IP (203.0.113.7) has been locked out until 2026-03-01 12:30:00 UTC, as too many failed logins came from it.',
    });
    await expect(login.verify(account.login, PASSWORD, { ...CLIENT, ip: '203.0.113.8' })).resolves.toMatchObject({ id: 42 });
  });

  it('given an address that may be a shared proxy, when failures from it pass the limit, then the other accounts still log in from it', async () => {
    await failFrom(PROXY, 12);
    await expect(login.verify(account.login, PASSWORD, PROXY)).resolves.toMatchObject({ id: 42 });
  });

  it("given a shared address, then Bugzilla's lock of one account after 5 of its failures still applies", async () => {
    for (let i = 0; i < 4; i++) await expect(login.verify(account.login, 'wrong', PROXY)).rejects.toMatchObject({ code: 300 });
    await expect(login.verify(account.login, 'wrong', PROXY)).rejects.toMatchObject({
      code: 32000,
      message:
        'Your IP (10.0.0.1) has been locked out of this account until 2026-03-01 12:30:00 UTC, as you have exceeded the maximum number of login attempts.',
    });
    await expect(login.verify(account.login, PASSWORD, PROXY)).rejects.toMatchObject({ code: 32000 });
  });
});
