import {
  CommonErrors,
  type ServiceRequest,
  SET_WATCH_LIST_SUBJECT,
  type SetWatchListParams,
  type UserRef,
  WATCH_LIST_CHANGE_MAX,
  watchListStream,
  type WatchListWire,
} from '@tracker/contracts';
import { MailerErrors, watchListDecider } from '@tracker/mailer/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { IdentityClient } from '../collaborators/identity.client';
import { MailPreferencesOwner } from '../preferences/mail-preferences-owner';
import { WatchListReader } from './watch-list.reader';

/**
 * `PUT /rest/user/{id_or_name}/watch` with `{add: [logins], remove: [logins]}` (docs/mail.md
 * §11): identity is asked who the logins are (one it does not know is Bugzilla's 504), the
 * decider records the new list in the user's `watch-` stream, and the answer is the list once
 * the notifier's read model holds it, so the next change is mailed by it. A refusal records nothing.
 */
@MessageHandler(SET_WATCH_LIST_SUBJECT)
export class SetWatchListHandler {
  constructor(
    private readonly owner: MailPreferencesOwner,
    private readonly identity: IdentityClient,
    private readonly commands: CommandRunner,
    private readonly reader: WatchListReader,
  ) {}

  async handle(request: ServiceRequest<SetWatchListParams>): Promise<WatchListWire> {
    const userId = await this.owner.resolve(request, "change another user's watch list");
    const add = (request.params.add ?? []).map((login) => login.trim());
    const remove = (request.params.remove ?? []).map((login) => login.trim());
    if (add.length === 0 && remove.length === 0) throw CommonErrors.paramRequired('add');
    for (const [list, logins] of [
      ['add', add],
      ['remove', remove],
    ] as const) {
      if (logins.length > WATCH_LIST_CHANGE_MAX) throw MailerErrors.tooManyToWatch(list, WATCH_LIST_CHANGE_MAX, logins.length);
    }
    const users = await this.usersNamed(request.correlationId, [...add, ...remove]);
    const refs = (logins: readonly string[]): UserRef[] => logins.map((login) => users.get(login.toLowerCase()) as UserRef);
    await this.commands.run(
      watchListDecider,
      watchListStream(userId),
      { kind: 'ChangeWatchList', userId, add: refs(add), remove: refs(remove) },
      this.commands.context(request),
    );
    return this.reader.read(request.correlationId, userId);
  }

  /** Every login named, by its lower-cased login; the first one identity does not know is refused. */
  private async usersNamed(correlationId: string, logins: readonly string[]): Promise<Map<string, UserRef>> {
    const found = await this.identity.users(correlationId, [], [...new Set(logins)]);
    const users = new Map(found.map((user) => [user.login.toLowerCase(), { id: user.id, login: user.login }]));
    const unknown = logins.find((login) => !users.has(login.toLowerCase()));
    if (unknown !== undefined) throw MailerErrors.invalidUsername(unknown);
    return users;
  }
}
