import { Inject, Injectable } from '@nestjs/common';
import { IdentityErrors } from '@tracker/identity/domain';
import { CLOCK, type Clock } from '@tracker/platform/command-handler';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity.options';
import { type AuthRow, CredentialQueries } from '../read-model/credentials.queries';
import { LoginFailureStore } from '../read-model/login-failures.store';
import { burnPasswordCheck, verifyPassword } from '../security/password-hasher';
import { VerifiedPasswords } from '../security/verified-passwords';

/** Bugzilla's MAX_LOGIN_ATTEMPTS and LOGIN_LOCKOUT_INTERVAL */
const MAX_ATTEMPTS_PER_ACCOUNT = 5;
const LOCKOUT_MS = 30 * 60_000;

/** Where a login comes from: the address the gateway saw, and whether it is the client's own. */
export interface LoginOrigin {
  readonly ip: string;
  /** false when the address may be a proxy's that every client shares (docs/identity.md, "Lockouts") */
  readonly identifiesClient: boolean;
}

/**
 * Login and password, with Bugzilla's lockout: 5 failures for an account from one address
 * within 30 minutes lock that account for that address (the 5th failure already answers
 * "locked"), and Tracker's limit per address over all accounts, unknown logins included.
 * The per-address limit applies only to an address that identifies one client: behind an
 * untrusted proxy every client shares the proxy's, and one of them could lock out all.
 * A locked login is refused before the password is even checked. Unknown logins cost a
 * password check too, so timing does not tell which logins exist.
 */
@Injectable()
export class PasswordLogin {
  private readonly verified = new VerifiedPasswords();

  constructor(
    private readonly credentials: CredentialQueries,
    private readonly failures: LoginFailureStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async verify(login: string, password: string, { ip, identifiesClient }: LoginOrigin): Promise<AuthRow> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - LOCKOUT_MS);
    if (identifiesClient) await this.refuseLockedAddress(ip, windowStart);
    const account = await this.credentials.byLogin(login);
    if (!account) {
      await burnPasswordCheck(password);
      await this.failures.record(null, ip, now, windowStart);
      throw IdentityErrors.invalidLoginOrPassword(null);
    }
    const earlier = await this.failures.forAccount(account.id, ip, windowStart);
    if (earlier.length >= MAX_ATTEMPTS_PER_ACCOUNT) throw IdentityErrors.accountLocked(ip, unlockTime(earlier, MAX_ATTEMPTS_PER_ACCOUNT));
    const valid = await this.checkPassword(password, account.password_hash, now.getTime());
    if (!valid) {
      await this.failures.record(account.id, ip, now, windowStart);
      const failed = [...earlier, now];
      if (failed.length >= MAX_ATTEMPTS_PER_ACCOUNT) throw IdentityErrors.accountLocked(ip, unlockTime(failed, MAX_ATTEMPTS_PER_ACCOUNT));
      throw IdentityErrors.invalidLoginOrPassword(MAX_ATTEMPTS_PER_ACCOUNT - failed.length);
    }
    if (earlier.length > 0) await this.failures.clear(account.id, ip);
    return account;
  }

  private async refuseLockedAddress(ip: string, windowStart: Date): Promise<void> {
    const fromAddress = await this.failures.forAddress(ip, windowStart);
    const addressLimit = this.options.maxLoginFailuresPerAddress;
    if (fromAddress.length >= addressLimit) throw IdentityErrors.addressLocked(ip, unlockTime(fromAddress, addressLimit));
  }

  /** An account without a password (Bugzilla's `*`) never matches, after the same work; a match already seen costs no scrypt. */
  private async checkPassword(password: string, hash: string | null, now: number): Promise<boolean> {
    if (hash === null) {
      await burnPasswordCheck(password);
      return false;
    }
    if (this.verified.has(password, hash, now)) return true;
    const valid = await verifyPassword(password, hash);
    if (valid) this.verified.add(password, hash, now);
    return valid;
  }
}

/** The lock lifts 30 minutes after the failure that, `limit` failures ago, started it (Bugzilla's "determiner"). */
function unlockTime(failures: readonly Date[], limit: number): string {
  const determiner = failures[failures.length - limit] ?? failures[0] ?? new Date(0);
  return `${new Date(determiner.getTime() + LOCKOUT_MS).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
