import { GET_WATCH_LIST_SUBJECT, type GetWatchListParams, type ServiceRequest, type WatchListWire } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { MailPreferencesOwner } from '../preferences/mail-preferences-owner';
import { WatchListReader } from './watch-list.reader';

/** `GET /rest/user/{id_or_name}/watch` (docs/mail.md §11): whom the user watches and who watches them. */
@MessageHandler(GET_WATCH_LIST_SUBJECT)
export class GetWatchListHandler {
  constructor(
    private readonly owner: MailPreferencesOwner,
    private readonly reader: WatchListReader,
  ) {}

  async handle(request: ServiceRequest<GetWatchListParams>): Promise<WatchListWire> {
    const userId = await this.owner.resolve(request, "read another user's watch list");
    return this.reader.read(request.correlationId, userId);
  }
}
