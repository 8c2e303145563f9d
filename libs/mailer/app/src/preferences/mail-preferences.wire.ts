import { CommonErrors, type MailPreferencesWire, type SetMailPreferencesParams } from '@tracker/contracts';
import type { MailPreferences } from '@tracker/mailer/domain';

/** The REST shape of a user's preferences: relationships by name, then the global events. */
export function mailPreferencesWire(preferences: MailPreferences): MailPreferencesWire {
  return { relationships: { ...preferences.roles }, global: [...preferences.global] };
}

/**
 * The body of a PUT as plain names, or 32000 saying what is wrong with its shape; the
 * names themselves are the decider's to check.
 */
export function mailPreferencesInput(params: SetMailPreferencesParams): {
  relationships: Record<string, readonly string[]>;
  global?: readonly string[];
} {
  const { relationships, global } = params;
  if (relationships === undefined && global === undefined) throw CommonErrors.paramRequired('relationships');
  if (relationships !== undefined && (typeof relationships !== 'object' || relationships === null || Array.isArray(relationships))) {
    throw CommonErrors.userError("'relationships' must be an object: each relationship with the list of its events.");
  }
  const entries = Object.entries((relationships ?? {}) as Record<string, unknown>);
  for (const [relationship, events] of entries) {
    if (!isNameList(events)) throw CommonErrors.userError(`The events of '${relationship}' must be a list of event names.`);
  }
  if (global !== undefined && !isNameList(global)) throw CommonErrors.userError("'global' must be a list of event names.");
  return { relationships: Object.fromEntries(entries) as Record<string, readonly string[]>, ...(global !== undefined ? { global } : {}) };
}

function isNameList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
