import { type DomainError, type FlagInput, isDomainError } from '@tracker/contracts';
import { FlagsErrors } from '../flags.errors';
import type { FlagTypeFacts } from './decide-flags.command';
import type { WorkingFlag } from './flag-workspace';

/** An input after resolution: a flag of the target to change, a type to create a flag of, or nothing it names. */
export type ResolvedInput =
  | { readonly kind: 'existing'; readonly input: FlagInput; readonly flagId: number }
  | { readonly kind: 'new'; readonly input: FlagInput; readonly type: FlagTypeFacts }
  | { readonly kind: 'unnamed'; readonly input: FlagInput };

/**
 * Bugzilla's extract_flags, for every input of a target before any is applied (docs/flags.md
 * §3.2): `id` a flag of the target (51); `type_id` a type applying to it (51), which without
 * `new` means its one flag of that type (several: 132) or a new one; `name` (case-sensitive)
 * one type's name (none: 51, several: 133), then the same with flags of that name. An input
 * naming nothing is refused when its turn comes (50). `flags` are the target's flags whose
 * type applies to it, `types` the types applying to it.
 */
export function resolveInputs(
  inputs: readonly FlagInput[],
  flags: readonly WorkingFlag[],
  types: readonly FlagTypeFacts[],
): ResolvedInput[] | DomainError {
  const resolved: ResolvedInput[] = [];
  for (const input of inputs) {
    const one = resolveInput(input, flags, types);
    if (isDomainError(one)) return one;
    resolved.push(one);
  }
  return resolved;
}

function resolveInput(input: FlagInput, flags: readonly WorkingFlag[], types: readonly FlagTypeFacts[]): ResolvedInput | DomainError {
  if (input.id) {
    return flags.some((flag) => flag.flagId === input.id)
      ? { kind: 'existing', input, flagId: input.id }
      : FlagsErrors.flagNotFound(input.id);
  }
  if (input.typeId) {
    const type = types.find((candidate) => candidate.id === input.typeId);
    if (!type) return FlagsErrors.flagTypeIdNotFound(input.typeId);
    return input.isNew
      ? { kind: 'new', input, type }
      : existingOrNew(
          input,
          type,
          flags.filter((flag) => flag.typeId === type.id),
          input.typeId,
        );
  }
  if (input.name) {
    const named = types.filter((candidate) => candidate.name === input.name);
    if (named.length > 1) return FlagsErrors.flagTypeNotUnique(input.name);
    const [type] = named;
    if (!type) return FlagsErrors.flagTypeNameNotFound(input.name);
    if (input.isNew) return { kind: 'new', input, type };
    const typeNames = new Map(types.map((candidate) => [candidate.id, candidate.name]));
    return existingOrNew(
      input,
      type,
      flags.filter((flag) => typeNames.get(flag.typeId) === input.name),
      input.name,
    );
  }
  return { kind: 'unnamed', input };
}

function existingOrNew(
  input: FlagInput,
  type: FlagTypeFacts,
  matches: readonly WorkingFlag[],
  value: string | number,
): ResolvedInput | DomainError {
  if (matches.length > 1) return FlagsErrors.flagNotUnique(value);
  const [flag] = matches;
  return flag ? { kind: 'existing', input, flagId: flag.flagId } : { kind: 'new', input, type };
}
