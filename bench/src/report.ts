import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One benchmark figure. A target is a ratio to a baseline measured in the same run, so
 * it holds on any machine; absolute figures drift 10-20% between runs, ratios do not.
 */
export interface Measurement {
  readonly suite: string;
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** name of the baseline measurement this one is compared with */
  readonly baseline?: string;
  /** value / baseline value */
  readonly ratio?: number;
  /** the ratio the issue asks for, if any */
  readonly target?: number;
  /** the most the value may be, in its unit (a latency the issue bounds), if any */
  readonly atMost?: number;
}

export interface Report {
  readonly startedAt: string;
  readonly machine: { readonly cpus: number; readonly node: string };
  readonly measurements: readonly Measurement[];
  readonly skipped: readonly string[];
}

export function withRatios(measurements: readonly Measurement[]): Measurement[] {
  const byName = new Map(measurements.map((m) => [m.name, m]));
  return measurements.map((m) => {
    const base = m.baseline ? byName.get(m.baseline) : undefined;
    return base ? { ...m, ratio: m.value / base.value } : m;
  });
}

export function table(report: Report): string {
  const rows = report.measurements.map((m) => [
    m.suite,
    m.name,
    `${format(m.value)} ${m.unit}`,
    m.baseline ?? '',
    m.ratio !== undefined ? `${(m.ratio * 100).toFixed(0)}%` : '',
    verdict(m),
  ]);
  const header = ['suite', 'measurement', 'value', 'baseline', 'ratio', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const skipped = report.skipped.length > 0 ? `\nskipped: ${report.skipped.join('; ')}` : '';
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + skipped;
}

export async function writeReport(report: Report, directory: string): Promise<string> {
  await mkdir(directory, { recursive: true });
  const file = join(directory, `bench-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  await writeFile(file, json);
  await writeFile(join(directory, 'latest.json'), json);
  return file;
}

/** `30% met`, `<= 4.00 ms MISSED`: the target of a measurement and whether this run met it. */
export function verdict(m: Measurement): string {
  const ratio =
    m.target !== undefined ? `${(m.target * 100).toFixed(0)}% ${m.ratio !== undefined && m.ratio >= m.target ? 'met' : 'MISSED'}` : '';
  const bound = m.atMost !== undefined ? `<= ${format(m.atMost)} ${m.unit} ${m.value <= m.atMost ? 'met' : 'MISSED'}` : '';
  return [ratio, bound].filter((part) => part !== '').join(', ');
}

function format(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2);
}
