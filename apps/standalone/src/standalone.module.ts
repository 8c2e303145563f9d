import { type DynamicModule, Module } from '@nestjs/common';
import { BugsModule } from '@tracker/bugs/app';
import { CatalogModule } from '@tracker/catalog/app';
import { CommentsModule } from '@tracker/comments/app';
import { FlagsModule } from '@tracker/flags/app';
import { CREDENTIAL_CACHE_TTL_MS, GatewayModule } from '@tracker/gateway';
import { IdentityModule } from '@tracker/identity/app';
import { MailerModule } from '@tracker/mailer/app';
import { BlobStoreModule } from '@tracker/platform/blob-store';
import { MailQueueModule } from '@tracker/platform/mail-queue';
import { addressIdentifiesClient, PlatformModule } from '@tracker/platform/runtime';
import type { StandaloneConfig } from './config';

/** Every service and the gateway in one process, on embedded storage (`npm start`). */
@Module({})
export class StandaloneModule {
  static forRoot(config: StandaloneConfig): DynamicModule {
    return {
      module: StandaloneModule,
      imports: [
        PlatformModule.forRoot(config.platform),
        BlobStoreModule.forRoot(config.blobStore),
        GatewayModule.forRoot({
          maxBodyBytes: config.http.maxBodyBytes,
          addressIdentifiesClient: addressIdentifiesClient(config.http),
          maxAttachmentBytes: config.maxAttachmentBytes,
          credentialCache: { maxEntries: config.http.credentialCacheEntries, ttlMs: CREDENTIAL_CACHE_TTL_MS },
          idempotency: config.idempotency,
        }),
        IdentityModule.forRoot(config.identity),
        CatalogModule.forRoot(config.catalog),
        BugsModule.forRoot(config.bugs),
        CommentsModule.forRoot(config.comments),
        FlagsModule.forRoot(config.flags),
        MailQueueModule.forRoot(config.mailQueue),
        MailerModule.forRoot(config.mailer),
      ],
    };
  }
}
