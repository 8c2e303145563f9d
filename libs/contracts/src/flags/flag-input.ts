import { z } from 'zod';
import { ErrorCode } from '../errors/error-codes';
import * as param from '../params/param-types';
import { BUGZILLA_CODE, PARAM } from '../params/param-types';

/** The value must be of this shape (an object, a list), else 53 naming it. */
const shaped = (what: string, is: (value: unknown) => boolean): z.ZodType<unknown> =>
  z.unknown().transform((value, ctx) => {
    if (is(value)) return value;
    ctx.addIssue({
      code: 'custom',
      message: `The '${PARAM}' parameter must be ${what}, not ${JSON.stringify(value) ?? String(value)}.`,
      params: { [BUGZILLA_CODE]: ErrorCode.paramInvalid },
    });
    return z.NEVER;
  });

const flagObject = z
  .looseObject({
    id: param.optional(param.int()),
    type_id: param.optional(param.int()),
    name: param.optional(param.string()),
    status: param.optional(param.string()),
    requestee: param.optional(param.string()),
    new: param.optional(param.bool()),
  })
  .transform((raw) => ({
    ...(raw.id === undefined ? {} : { id: raw.id }),
    ...(raw.type_id === undefined ? {} : { typeId: raw.type_id }),
    ...(raw.name === undefined ? {} : { name: raw.name }),
    ...(raw.status === undefined ? {} : { status: raw.status }),
    ...(raw.requestee === undefined || raw.requestee.trim() === '' ? {} : { requestee: raw.requestee.trim() }),
    isNew: raw.new ?? false,
  }));

/**
 * The contract's flag input object, as every carrier takes it (`flags` of bug create and
 * update, `flags` and `bug_flags` of attachment create and update): `{id?, type_id?, name?,
 * status, requestee?, new?}`. Ids must be integers (52), `new` a boolean (53), the list an
 * array of objects (53); unknown keys are ignored. Whether the status is one of `? + - X`,
 * and everything else, is the flag decision's (docs/flags.md §3); an empty requestee is none.
 */
export const flagInput = shaped('an object', (value) => typeof value === 'object' && value !== null && !Array.isArray(value)).pipe(
  flagObject,
);
export type FlagInput = z.infer<typeof flagInput>;

export const flagInputs = shaped('a list of flag objects', Array.isArray).pipe(z.array(flagInput));
