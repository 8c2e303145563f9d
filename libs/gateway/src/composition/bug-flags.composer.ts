import { FLAGS_OF_SUBJECT, type FlagsOfParams, type FlagsOfResult } from '@tracker/contracts';
import { FieldFilter } from '@tracker/field-filter';
import type { Composer } from '../routing/route';
import { asOfOf } from './as-of-param';

interface WithBugs {
  readonly bugs: ReadonlyArray<{ readonly id: number; readonly flags?: unknown }>;
}

const carriesBugs = (result: unknown): result is WithBugs =>
  typeof result === 'object' && result !== null && Array.isArray((result as { bugs?: unknown }).bugs);

/**
 * `flags` of bug objects (GET /rest/bug/{id}, search): the flags service owns them, so the
 * gateway asks `flags.of` once per response, with the ids the bugs service has just returned
 * to this caller (docs/bug-stream-writes.md §4). Skipped when the client does not want
 * `flags` or the response has no bugs (a count); a bug without flags gets `[]`. Bugs the
 * bugs service already gave their `flags` (`[]` for a bug that never had any, docs/bugs.md,
 * "Flags of a read") are not asked about: a read of such bugs costs no call. A read `as_of`
 * an instant asks for the flags as they were then (docs/as-of.md).
 */
export const bugFlagsComposer: Composer = async (result, context, bus) => {
  if (!carriesBugs(result) || result.bugs.length === 0 || !new FieldFilter(context.fields).wants('flags')) return result;
  const bugIds = [...new Set(result.bugs.filter((bug) => bug.flags === undefined).map((bug) => bug.id))];
  if (bugIds.length === 0) return result;
  const flags = await bus.request<FlagsOfResult, FlagsOfParams>(FLAGS_OF_SUBJECT, {
    auth: context.auth,
    correlationId: context.correlationId,
    params: { bugIds, ...asOfOf(context.params) },
  });
  return { ...result, bugs: result.bugs.map((bug) => (bug.flags === undefined ? { ...bug, flags: flags.bugs[bug.id] ?? [] } : bug)) };
};
