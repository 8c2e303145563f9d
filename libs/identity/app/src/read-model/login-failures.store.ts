import { IDENTITY_LIMITS } from '@tracker/identity/domain';
import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

/**
 * Failed password logins of the last half hour, for Bugzilla's lockout (5 failures for an
 * account from one address) and Tracker's per-address limit. Throttling state, not domain
 * truth: written directly, never from events, so attackers cannot grow the permanent log
 * and client addresses stay out of it; a rebuild empties it, which only lifts locks early.
 */
export class LoginFailureStore {
  constructor(private readonly source: DataSource) {}

  private get table(): string {
    return `${schemaOf(this.source)}.login_failures`;
  }

  /** times of the address's failures on that account since `since`, oldest first */
  async forAccount(userId: number, ip: string, since: Date): Promise<Date[]> {
    const rows: Array<{ failed_at: Date }> = await this.source.query(
      `SELECT failed_at FROM ${this.table} WHERE user_id = $1 AND ip = $2 AND failed_at > $3 ORDER BY failed_at`,
      [userId, addressKey(ip), since.toISOString()],
    );
    return rows.map((row) => new Date(row.failed_at));
  }

  /** times of the address's failures on any account (or none) since `since`, oldest first */
  async forAddress(ip: string, since: Date): Promise<Date[]> {
    const rows: Array<{ failed_at: Date }> = await this.source.query(
      `SELECT failed_at FROM ${this.table} WHERE ip = $1 AND failed_at > $2 ORDER BY failed_at`,
      [addressKey(ip), since.toISOString()],
    );
    return rows.map((row) => new Date(row.failed_at));
  }

  async record(userId: number | null, ip: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.source.query(`DELETE FROM ${this.table} WHERE ip = $1 AND failed_at <= $2`, [addressKey(ip), forgetBefore.toISOString()]);
    await this.source.query(`INSERT INTO ${this.table} (user_id, ip, failed_at) VALUES ($1, $2, $3)`, [
      userId,
      addressKey(ip),
      at.toISOString(),
    ]);
  }

  /** Bugzilla clears an account's failures from an address when a login from there succeeds. */
  async clear(userId: number, ip: string): Promise<void> {
    await this.source.query(`DELETE FROM ${this.table} WHERE user_id = $1 AND ip = $2`, [userId, addressKey(ip)]);
  }
}

/** a forwarded address is the proxy's word and can be any length: the indexed column keeps a bounded prefix */
function addressKey(ip: string): string {
  return ip.slice(0, IDENTITY_LIMITS.addressLength);
}
