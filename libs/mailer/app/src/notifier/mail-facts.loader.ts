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
import { MailSettingsQueries } from '../read-model/mail-settings.queries';

/** One change of a batch: its bug after the change, and the bugs its dep_changed mails tell. */
export interface ChangeToMail {
  readonly change: BugMailChange;
  readonly bug: BugMailFacts;
  /** by bug id */
  readonly blocked: ReadonlyMap<number, BugMailFacts>;
}

/** Whom one change names: user ids, and logins (lower-cased) of the global watchers and cc-list addresses. */
interface Named {
  readonly ids: ReadonlySet<number>;
  readonly logins: ReadonlySet<string>;
}

/**
 * Gathers the facts the recipients deciders need for a batch of changes: every user they
 * name and the global watchers and cc-list addresses, asked of identity in one request; the
 * watchers of those users and everyone's stored mail preferences in one query (Bugzilla's
 * defaults for those who never set any); identity asked again only for watchers it was not
 * asked about. Each change gets exactly the users it names, as if asked alone, so what is decided
 * for a change does not depend on the batch it was mailed in (a replay decides the same).
 */
@Injectable()
export class MailFactsLoader {
  constructor(
    private readonly identity: IdentityClient,
    private readonly settings: MailSettingsQueries,
    @Inject(MAILER_OPTIONS) private readonly options: MailerOptions,
  ) {}

  /** The facts of each change, in the order given. */
  async loadAll(changes: readonly ChangeToMail[]): Promise<MailFacts[]> {
    const named = changes.map((item) => this.namedBy(item));
    const first = changes[0];
    if (!first) return [];
    const ids = new Set(named.flatMap((one) => [...one.ids]));
    const logins = new Set(named.flatMap((one) => [...one.logins]));
    const found = await this.identity.users(first.change.changeId, [...ids], [...logins]);
    const { watchersOf, preferences: stored } = await this.settings.forUsers(found.map((user) => user.id));
    const foundIds = new Set(found.map((user) => user.id));
    const unknownWatchers = [...new Set([...watchersOf.values()].flat())].filter((id) => !foundIds.has(id));
    const everyone = [
      ...found,
      ...(unknownWatchers.length > 0 ? await this.identity.users(first.change.changeId, unknownWatchers, []) : []),
    ];
    const facts = new Map(everyone.map((user) => [user.id, userFacts(user, stored.get(user.id) ?? defaultMailPreferences())]));
    const globalWatchers = new Set(this.options.globalWatchers.map((login) => login.toLowerCase()));
    return changes.map((item, index) => {
      const mine = named[index] ?? { ids: new Set(), logins: new Set() };
      const involved = found.filter((user) => mine.ids.has(user.id) || mine.logins.has(user.login.toLowerCase()));
      const watching = new Map<number, readonly number[]>();
      for (const user of involved) {
        const watchers = watchersOf.get(user.id);
        if (watchers) watching.set(user.id, watchers);
      }
      const userIds = new Set([...involved.map((user) => user.id), ...[...watching.values()].flat()]);
      return {
        bug: item.bug,
        users: new Map([...facts].filter(([id]) => userIds.has(id))),
        globalWatcherIds: involved.filter((user) => globalWatchers.has(user.login.toLowerCase())).map((user) => user.id),
        watchersOf: watching,
      };
    });
  }

  /** `blocked`: the bugs told of the change by dep_changed mails; their role holders are named too. */
  private namedBy({ change, blocked }: ChangeToMail): Named {
    const { before, after } = change.participants;
    const flagChanges = change.flags.flatMap((target) => target.changes);
    const ids = new Set<number>([change.changer.id]);
    for (const roles of [...(before ? [before, after] : [after]), ...[...blocked.values()].map((other) => participantsOf(other.access))]) {
      [roles.assignee, roles.reporter, roles.qaContact, ...roles.cc].forEach((id) => id !== null && ids.add(id));
    }
    for (const flag of flagChanges) {
      if (flag.after?.requestee) ids.add(flag.after.requestee.id);
      if (flag.before) ids.add(flag.before.setter.id);
    }
    const ccLists = flagChanges.flatMap((flag) => (flag.after ?? flag.before)?.type.ccList ?? []);
    return { ids, logins: new Set([...this.options.globalWatchers, ...ccLists].map((login) => login.toLowerCase())) };
  }
}

/** A disabled account takes no mail, whatever its mail setting. */
function userFacts(user: UserSummary, preferences: MailPreferences): MailUserFacts {
  const permissions = user.access?.permissions ?? [];
  return {
    id: user.id,
    login: user.login,
    email: user.email,
    emailEnabled: user.canLogin && user.emailEnabled !== false,
    groupIds: user.access?.groupIds ?? [],
    isInsider: permissions.includes('insider'),
    isTimeTracker: permissions.includes('timetracker'),
    preferences,
  };
}
