import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';

/** What authentication needs of an account, with its effective groups' names, in one lookup. */
export interface AuthRow {
  readonly id: number;
  readonly login: string;
  readonly real_name: string;
  readonly disabled_text: string;
  readonly password_hash: string | null;
  readonly group_ids: number[];
  readonly group_names: string[];
}

export interface ApiKeyRow {
  readonly id: number;
  readonly user_id: number;
  readonly description: string;
  readonly revoked: boolean;
  readonly created_at: Date;
}

/**
 * The hot path of every credentialed call: one indexed lookup by the secret's hash,
 * joined to its account. No caching: a revoked key, a logged-out token or a disabled
 * account is refused on the very next call, by whichever replica answers it.
 */
export class CredentialQueries {
  constructor(private readonly source: DataSource) {}

  private account(join: string, where: string, extra = ''): string {
    return `SELECT u.id, u.login, u.real_name, u.disabled_text, u.password_hash, u.group_ids, u.group_names${extra}
              FROM ${join} WHERE ${where}`;
  }

  async byApiKeyHash(keyHash: string): Promise<(AuthRow & { revoked: boolean }) | undefined> {
    const s = schemaOf(this.source);
    const rows: Array<AuthRow & { revoked: boolean }> = await this.source.query(
      this.account(`${s}.api_keys k JOIN ${s}.users u ON u.id = k.user_id`, 'k.key_hash = $1', ', k.revoked'),
      [keyHash],
    );
    return rows[0];
  }

  /** A live token of that user, unrestricted or bound to this address, issued after `issuedAfter`. */
  async byLoginToken(tokenHash: string, userId: number, ip: string, issuedAfter: Date): Promise<AuthRow | undefined> {
    const s = schemaOf(this.source);
    const rows: AuthRow[] = await this.source.query(
      this.account(
        `${s}.login_tokens t JOIN ${s}.users u ON u.id = t.user_id`,
        't.token_hash = $1 AND t.user_id = $2 AND (t.ip IS NULL OR t.ip = $3) AND t.issued_at > $4',
      ),
      [tokenHash, userId, ip, issuedAfter.toISOString()],
    );
    return rows[0];
  }

  async byLogin(login: string): Promise<AuthRow | undefined> {
    const rows: AuthRow[] = await this.source.query(this.account(`${schemaOf(this.source)}.users u`, 'lower(u.login) = lower($1)'), [
      login,
    ]);
    return rows[0];
  }

  async tokenIdByHash(tokenHash: string): Promise<number | undefined> {
    const rows: Array<{ id: number }> = await this.source.query(
      `SELECT id FROM ${schemaOf(this.source)}.login_tokens WHERE token_hash = $1`,
      [tokenHash],
    );
    return rows[0]?.id;
  }

  async apiKeyIdByHash(keyHash: string): Promise<number | undefined> {
    const rows: Array<{ id: number }> = await this.source.query(`SELECT id FROM ${schemaOf(this.source)}.api_keys WHERE key_hash = $1`, [
      keyHash,
    ]);
    return rows[0]?.id;
  }

  apiKeysOf(userId: number): Promise<ApiKeyRow[]> {
    return this.source.query(
      `SELECT id, user_id, description, revoked, created_at FROM ${schemaOf(this.source)}.api_keys WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
  }
}
