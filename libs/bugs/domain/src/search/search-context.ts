import { DomainError } from '@tracker/contracts';

/** What a search needs to know about the installation and the caller. */
export interface SearchContext {
  readonly statuses: ReadonlyArray<{ readonly name: string; readonly isOpen: boolean }>;
  readonly resolutions: readonly string[];
  readonly priorities: readonly string[];
  readonly keywords: readonly string[];
  readonly customFields: readonly string[];
  readonly maxResults: number;
  readonly timetracker: boolean;
}

/** A parameter's values as strings: repeated parameters and JSON arrays alike. */
export function valuesOf(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw)) return raw.flatMap(valuesOf);
  if (typeof raw === 'string') return [raw];
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') return [String(raw)];
  return [];
}

export function invalidOperator(operator: string): DomainError {
  return new DomainError('userError', `The search operator '${operator}' is not valid.`);
}
