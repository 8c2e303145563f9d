/**
 * Multi-row statements for projections: one INSERT ... VALUES (...), (...) per chunk
 * instead of a round trip per row (the rebuild benchmark's 20x, docs/architecture.md).
 */
const MAX_PARAMETERS = 30_000;
/** PostgreSQL's own limit of parameters in one statement */
export const MAX_STATEMENT_PARAMETERS = 65_535;

export interface ValuesChunk {
  readonly placeholders: string;
  readonly parameters: unknown[];
}

/**
 * `(\$1, \$2), (\$3, \$4)` and the flattened parameters, in chunks below PostgreSQL's parameter limit;
 * `after` parameters already taken by another part of the same statement are skipped.
 */
export function valuesChunks(rows: ReadonlyArray<readonly unknown[]>, casts: readonly string[] = [], after = 0): ValuesChunk[] {
  const width = rows[0]?.length ?? 0;
  if (width === 0) return [];
  const perChunk = Math.max(1, Math.floor(MAX_PARAMETERS / width));
  const chunks: ValuesChunk[] = [];
  for (let start = 0; start < rows.length; start += perChunk) {
    const slice = rows.slice(start, start + perChunk);
    const parameters: unknown[] = [];
    const tuples = slice.map((row) => {
      const cells = row.map((value, column) => {
        parameters.push(value);
        const cast = casts[column];
        return `$${after + parameters.length}${cast ? `::${cast}` : ''}`;
      });
      return `(${cells.join(', ')})`;
    });
    chunks.push({ placeholders: tuples.join(', '), parameters });
  }
  return chunks;
}
