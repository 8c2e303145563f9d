export * from './mailer.module';
