/** Bugzilla's wire form of a datetime: `YYYY-MM-DDTHH:MM:SSZ`, UTC, no fraction. */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** Bugzilla's wire form of a date: `YYYY-MM-DD`. */
export function formatDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return date.toISOString().slice(0, 10);
}
