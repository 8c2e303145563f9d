import { createHmac } from 'node:crypto';

/**
 * Bugzilla's update_token (`<epoch>-<hash>`): only the interactive UI checks it, so it is
 * informational here. It is derived from the bug's last change and the reader, so it
 * changes on every update and stays the same between reads (ETags keep working).
 */
export function updateToken(secret: string, bugId: number, lastChangeTime: string, userId: number): string {
  const epoch = Math.floor(Date.parse(lastChangeTime) / 1000);
  const hash = createHmac('sha256', secret).update(`${epoch}-${bugId}-${userId}`).digest('base64url');
  return `${epoch}-${hash}`;
}
