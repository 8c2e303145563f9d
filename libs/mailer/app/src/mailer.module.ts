import { type DynamicModule, Module } from '@nestjs/common';
import { commandProviders } from '@tracker/platform/command-handler';
import { healthController } from '@tracker/platform/messaging';
import { IdentityClient } from './collaborators/identity.client';
import { ListDeadLettersHandler } from './dead-letters/list-dead-letters.handler';
import { MAILER_OPTIONS, type MailerOptions } from './mailer.options';
import { MailDispatcher } from './notifier/mail-dispatcher';
import { MailFactsLoader } from './notifier/mail-facts.loader';
import { mailerReadModel, onDataSource } from './read-model/mailer.read-model';
import { MailPreferencesQueries } from './read-model/mail-preferences.queries';
import { PendingChangesQueries } from './read-model/pending-changes.queries';
import { WatchesQueries } from './read-model/watches.queries';
import { MailSettingsQueries } from './read-model/mail-settings.queries';
import { GetMailPreferencesHandler } from './preferences/get-mail-preferences.handler';
import { MailPreferencesOwner } from './preferences/mail-preferences-owner';
import { SetMailPreferencesHandler } from './preferences/set-mail-preferences.handler';
import { MailWorker } from './worker/mail-worker';
import { GetWatchListHandler } from './watching/get-watch-list.handler';
import { SetWatchListHandler } from './watching/set-watch-list.handler';
import { WatchListReader } from './watching/watch-list.reader';

/**
 * The mailer service (docs/mail.md): the notifier (projection and dispatcher) that turns
 * bug changes into queued mails, the workers that send them, and users' stored mail preferences
 * and watch lists. The mail queue (MAIL_QUEUE) comes from the app's
 * MailQueueModule: BullMQ on Redis in distributed mode, in process in embedded mode.
 */
@Module({})
export class MailerModule {
  static forRoot(options: MailerOptions): DynamicModule {
    return {
      module: MailerModule,
      imports: [mailerReadModel],
      controllers: [
        healthController('mailer'),
        ListDeadLettersHandler,
        GetMailPreferencesHandler,
        SetMailPreferencesHandler,
        GetWatchListHandler,
        SetWatchListHandler,
      ],
      providers: [
        { provide: MAILER_OPTIONS, useValue: options },
        ...commandProviders(),
        onDataSource(PendingChangesQueries),
        onDataSource(MailPreferencesQueries),
        onDataSource(WatchesQueries),
        onDataSource(MailSettingsQueries),
        MailPreferencesOwner,
        WatchListReader,
        IdentityClient,
        MailFactsLoader,
        MailDispatcher,
        MailWorker,
      ],
      exports: [MailDispatcher, PendingChangesQueries],
    };
  }
}
