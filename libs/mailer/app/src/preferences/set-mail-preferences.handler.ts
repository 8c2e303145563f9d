import {
  mailPreferencesStream,
  type MailPreferencesWire,
  type ServiceRequest,
  SET_MAIL_PREFERENCES_SUBJECT,
  type SetMailPreferencesParams,
} from '@tracker/contracts';
import { mailPreferencesDecider } from '@tracker/mailer/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { MessageHandler } from '@tracker/platform/messaging';
import { MailPreferencesOwner } from './mail-preferences-owner';
import { mailPreferencesInput, mailPreferencesWire } from './mail-preferences.wire';

/**
 * `PUT /rest/user/{id_or_name}/mail_preferences`: records the new setting in the user's
 * `mailprefs-` stream and answers it once the notifier's read model holds it, so the next
 * change is mailed by it. A refusal (shape, names, who may) records nothing.
 */
@MessageHandler(SET_MAIL_PREFERENCES_SUBJECT)
export class SetMailPreferencesHandler {
  constructor(
    private readonly owner: MailPreferencesOwner,
    private readonly commands: CommandRunner,
  ) {}

  async handle(request: ServiceRequest<SetMailPreferencesParams>): Promise<MailPreferencesWire> {
    const userId = await this.owner.resolve(request, "change another user's mail preferences");
    const input = mailPreferencesInput(request.params);
    const result = await this.commands.run(
      mailPreferencesDecider,
      mailPreferencesStream(userId),
      { kind: 'SetMailPreferences', userId, ...input },
      this.commands.context(request),
    );
    return mailPreferencesWire(result.state);
  }
}
