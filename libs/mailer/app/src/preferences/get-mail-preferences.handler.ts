import {
  GET_MAIL_PREFERENCES_SUBJECT,
  type GetMailPreferencesParams,
  type MailPreferencesWire,
  type ServiceRequest,
} from '@tracker/contracts';
import { defaultMailPreferences } from '@tracker/mailer/domain';
import { MessageHandler } from '@tracker/platform/messaging';
import { MailPreferencesQueries } from '../read-model/mail-preferences.queries';
import { MailPreferencesOwner } from './mail-preferences-owner';
import { mailPreferencesWire } from './mail-preferences.wire';

/** `GET /rest/user/{id_or_name}/mail_preferences`: the stored preferences, or Bugzilla's defaults for a user who never set any. */
@MessageHandler(GET_MAIL_PREFERENCES_SUBJECT)
export class GetMailPreferencesHandler {
  constructor(
    private readonly owner: MailPreferencesOwner,
    private readonly preferences: MailPreferencesQueries,
  ) {}

  async handle(request: ServiceRequest<GetMailPreferencesParams>): Promise<MailPreferencesWire> {
    const userId = await this.owner.resolve(request, "read another user's mail preferences");
    const stored = await this.preferences.forUsers([userId]);
    return mailPreferencesWire(stored.get(userId) ?? defaultMailPreferences());
  }
}
