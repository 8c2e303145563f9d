import { z } from 'zod';
import { CONTROL_VALUES, type ControlValue } from './events/group-control';
import { BUGZILLA_CODE, PARAM } from '../params/param-types';
import { ErrorCode } from '../errors/error-codes';

/**
 * Shapes shared by the catalog's messages. Update calls answer, per object, what changed
 * as Bugzilla does: `{field: {added, removed}}` with booleans as "1"/"0" and lists joined
 * by ", ".
 */
export interface WireChange {
  readonly added: string;
  readonly removed: string;
}

export type WireChanges = Readonly<Record<string, WireChange>>;

export interface ChangedObject {
  readonly id: number;
  readonly changes: WireChanges;
}

export interface CreatedObject {
  readonly id: number;
}

/** A path segment naming an object: all digits is an id, anything else a name (Bugzilla's REST rule). */
export function splitIdOrName(value: string | undefined): { ids: number[]; names: string[] } {
  if (value === undefined) return { ids: [], names: [] };
  return /^\d+$/.test(value) ? { ids: [Number(value)], names: [] } : { ids: [], names: [value] };
}

/** NA / Shown / Default / Mandatory in any case, or Bugzilla's numbers 0-3. */
export const controlValue = (): z.ZodType<ControlValue> =>
  z.unknown().transform((value, ctx) => {
    const byNumber =
      typeof value === 'number' || (typeof value === 'string' && /^\d$/.test(value)) ? CONTROL_VALUES[Number(value)] : undefined;
    const byName = typeof value === 'string' ? CONTROL_VALUES.find((c) => c === value.trim().toUpperCase()) : undefined;
    const found = byNumber ?? byName;
    if (found) return found;
    ctx.addIssue({
      code: 'custom',
      message: `The value '${String(value)}' is not valid for the '${PARAM}' parameter: use NA, Shown, Default or Mandatory.`,
      params: { [BUGZILLA_CODE]: ErrorCode.paramInvalid },
    });
    return z.NEVER;
  });
