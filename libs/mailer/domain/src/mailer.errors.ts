import { DomainError } from '@tracker/contracts';

/** The mailer's refusals of a user's own settings (docs/mail.md §10-11), with Bugzilla's codes where it has one. */
export const MailerErrors = {
  /** Bugzilla's invalid_username (504), as userprefs.cgi raises for a watch list login that names nobody */
  invalidUsername: (name: string): DomainError =>
    new DomainError(
      'invalidUsername',
      `The name ${name} is not a valid username. Either you misspelled it, or the person has not registered for a Tracker account.`,
    ),
  watchSelf: (): DomainError => new DomainError('userError', 'You cannot watch yourself.'),
  watchAddedAndRemoved: (login: string): DomainError =>
    new DomainError('userError', `'${login}' cannot be both added to and removed from the watch list.`),
  tooManyToWatch: (list: string, max: number, given: number): DomainError =>
    new DomainError('userError', `At most ${max} users may be named in '${list}' at once; ${given} were given.`),
} as const;
