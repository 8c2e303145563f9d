import type { DomainError } from '@tracker/contracts';
import { IdentityErrors } from '../identity.errors';

/** Bugzilla's `password_complexity` parameter values. */
export const PASSWORD_COMPLEXITIES = ['no_constraints', 'mixed_letters', 'letters_numbers', 'letters_numbers_specialchars'] as const;
export type PasswordComplexity = (typeof PASSWORD_COMPLEXITIES)[number];

export interface PasswordPolicy {
  readonly minLength: number;
  readonly complexity: PasswordComplexity;
}

interface Requirement {
  readonly label: string;
  readonly test: RegExp;
}

const LETTER: Requirement = { label: 'letter', test: /\p{L}/u };
const UPPER: Requirement = { label: 'UPPERCASE letter', test: /\p{Lu}/u };
const LOWER: Requirement = { label: 'lowercase letter', test: /\p{Ll}/u };
const DIGIT: Requirement = { label: 'digit', test: /\d/ };
// POSIX [[:punct:]] as Perl reads it: punctuation and symbols alike ($, +, <, =, ^, |, ~)
const SPECIAL: Requirement = { label: 'special character', test: /[\p{P}\p{S}]/u };

const REQUIREMENTS: Readonly<Record<PasswordComplexity, readonly Requirement[]>> = {
  no_constraints: [],
  mixed_letters: [UPPER, LOWER],
  letters_numbers: [UPPER, LOWER, DIGIT],
  letters_numbers_specialchars: [LETTER, SPECIAL, DIGIT],
};

/** Bugzilla's validate_password: a minimum length in characters, then the complexity rule. */
export function checkPassword(password: string, policy: PasswordPolicy): DomainError | null {
  if ([...password].length < policy.minLength) return IdentityErrors.passwordTooShort(policy.minLength);
  const required = REQUIREMENTS[policy.complexity];
  if (required.some((requirement) => !requirement.test.test(password))) {
    return IdentityErrors.passwordNotComplex(required.map((requirement) => requirement.label));
  }
  return null;
}
