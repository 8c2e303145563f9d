import { CommonErrors, type DomainError } from '@tracker/contracts';
import { IDENTITY_LIMITS } from '../identity-limits';

interface UserTexts {
  readonly login?: string;
  readonly realName?: string;
  readonly disabledText?: string;
}

const BOUNDS: readonly (readonly [keyof UserTexts, string, number])[] = [
  ['login', 'login name', IDENTITY_LIMITS.loginLength],
  ['realName', 'real name', IDENTITY_LIMITS.realNameLength],
  ['disabledText', 'login denied text', IDENTITY_LIMITS.disabledTextLength],
];

/** The first text of a user command over its limit (the handler has trimmed and checked syntax), or null. */
export function checkUserTexts(texts: UserTexts): DomainError | null {
  for (const [key, label, limit] of BOUNDS) {
    const text = texts[key];
    if (text !== undefined && text.length > limit) return CommonErrors.textTooLong(label, limit, text.length);
  }
  return null;
}
