const ALLOWED = /^[A-Za-z0-9/_.-]+$/;
/** S3's own limit on an object key, in bytes (all allowed characters are one byte) */
const MAX_LENGTH = 1024;

/**
 * Accepts keys like `attachments/42`: slash-separated segments of [A-Za-z0-9_.-], none
 * empty, `.` or `..`. Empty and dot segments are refused (not just `..`) because a
 * directory adapter would map `a//b`, `a/./b` and `a/b` to one file while S3 keeps
 * three objects; refusing them keeps every adapter equivalent and no key can escape.
 */
export function assertValidBlobKey(key: string): void {
  if (key.length === 0 || key.length > MAX_LENGTH || !ALLOWED.test(key)) {
    throw new Error(`Invalid blob key ${JSON.stringify(key)}: use 1-${MAX_LENGTH} characters of [A-Za-z0-9/_.-]`);
  }
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new Error(`Invalid blob key ${JSON.stringify(key)}: empty, "." and ".." segments are not allowed`);
    }
  }
}

/**
 * Accepts a `list` prefix: empty (every key) or the start of a valid key, such as
 * `attachments/` or `attachments/sha`. Every complete segment (before the last slash)
 * must be a valid segment, so a prefix names a place inside the store and no more.
 */
export function assertValidBlobPrefix(prefix: string): void {
  if (prefix === '') return;
  if (prefix.length > MAX_LENGTH || !ALLOWED.test(prefix)) {
    throw new Error(`Invalid blob prefix ${JSON.stringify(prefix)}: use up to ${MAX_LENGTH} characters of [A-Za-z0-9/_.-]`);
  }
  const complete = prefix.split('/').slice(0, -1);
  if (complete.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`Invalid blob prefix ${JSON.stringify(prefix)}: empty, "." and ".." segments are not allowed`);
  }
}
