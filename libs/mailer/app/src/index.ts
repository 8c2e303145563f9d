export * from './mailer.module';
export * from './mailer.options';
export * from './notifier/mail-dispatcher';
export * from './notifier/mail-jobs';
export * from './read-model/pending-changes.queries';
export * from './read-model/mail-changes.projection';
export * from './read-model/mailer.read-model';
export * from './read-model/migrations/1764900000000-create-mail-tables';
