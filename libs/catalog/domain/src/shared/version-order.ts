/**
 * Bugzilla's vers_cmp (taken by it from Sort::Versions): versions sort as dotted numbers
 * where they are numbers, `-` and `.` separate parts, text compares upper-cased.
 * Product.get lists versions in this order, case-insensitively.
 */
export function compareVersions(left: string, right: string): number {
  const a = parts(left.toLowerCase());
  const b = parts(right.toLowerCase());
  while (a.length > 0 && b.length > 0) {
    const x = a.shift() as string;
    const y = b.shift() as string;
    const step = compareParts(x, y);
    if (step !== 0) return step;
  }
  return Math.sign(a.length - b.length);
}

function parts(version: string): string[] {
  // Remove leading zeroes (Bugzilla bug 344661), then split into separators, digits, text.
  const stripped = version.replace(/^0*(\d.+)/, '$1');
  return stripped.match(/[-.]|\d+|[^-.\d]+/g) ?? [];
}

function compareParts(x: string, y: string): number {
  if (x === y && (x === '-' || x === '.')) return 0;
  if (x === '-') return -1;
  if (y === '-') return 1;
  if (x === '.') return -1;
  if (y === '.') return 1;
  if (/^\d+$/.test(x) && /^\d+$/.test(y)) {
    if (x.startsWith('0') || y.startsWith('0')) return compareText(x, y);
    return Math.sign(Number(x) - Number(y));
  }
  return compareText(x.toUpperCase(), y.toUpperCase());
}

function compareText(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}
