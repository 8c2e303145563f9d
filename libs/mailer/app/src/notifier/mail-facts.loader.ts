import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@tracker/contracts';
import {
  type BugMailChange,
  type BugMailFacts,
  defaultMailPreferences,
  type MailFacts,
  type MailPreferences,
  type MailUserFacts,
  participantsOf,
} from '@tracker/mailer/domain';
import { IdentityClient } from '../collaborators/identity.client';
import { MAILER_OPTIONS, type MailerOptions } from '../mailer.options';
import { MailPreferencesQueries } from '../read-model/mail-preferences.queries';

/**
 * Gathers the facts the recipients deciders need for one change: every user it names and
 * the global watchers and cc-list addresses, asked of identity at once, and their stored
 * mail preferences in one query (Bugzilla's defaults for those who never set any).
 */
@Injectable()
export class MailFactsLoader {
  constructor(
    private readonly identity: IdentityClient,
    private readonly preferences: MailPreferencesQueries,
    @Inject(MAILER_OPTIONS) private readonly options: MailerOptions,
  ) {}

  /** `blocked`: the bugs told of the change by dep_changed mails; their role holders are asked for too. */
  async load(change: BugMailChange, bug: BugMailFacts, blocked: readonly BugMailFacts[] = []): Promise<MailFacts> {
    const { before, after } = change.participants;
    const flagChanges = change.flags.flatMap((target) => target.changes);
    const ids = new Set<number>([change.changer.id]);
    for (const roles of [...(before ? [before, after] : [after]), ...blocked.map((other) => participantsOf(other.access))]) {
      [roles.assignee, roles.reporter, roles.qaContact, ...roles.cc].forEach((id) => id !== null && ids.add(id));
    }
    for (const flag of flagChanges) {
      if (flag.after?.requestee) ids.add(flag.after.requestee.id);
      if (flag.before) ids.add(flag.before.setter.id);
    }
    const ccLists = flagChanges.flatMap((flag) => (flag.after ?? flag.before)?.type.ccList ?? []);
    const found = await this.identity.users(change.changeId, [...ids], [...new Set([...this.options.globalWatchers, ...ccLists])]);
    const watchers = new Set(this.options.globalWatchers.map((login) => login.toLowerCase()));
    const stored = await this.preferences.forUsers(found.map((user) => user.id));
    return {
      bug,
      users: new Map(found.map((user) => [user.id, userFacts(user, stored.get(user.id) ?? defaultMailPreferences())])),
      globalWatcherIds: found.filter((user) => watchers.has(user.login.toLowerCase())).map((user) => user.id),
    };
  }
}

/** A disabled account takes no mail, whatever its mail setting. */
function userFacts(user: UserSummary, preferences: MailPreferences): MailUserFacts {
  const permissions = user.access?.permissions ?? [];
  return {
    id: user.id,
    email: user.email,
    emailEnabled: user.canLogin && user.emailEnabled !== false,
    groupIds: user.access?.groupIds ?? [],
    isInsider: permissions.includes('insider'),
    isTimeTracker: permissions.includes('timetracker'),
    preferences,
  };
}
