import { type DynamicModule, Module } from '@nestjs/common';
import { CREDENTIAL_CACHE_TTL_MS, GatewayModule } from '@tracker/gateway';
import { BlobStoreModule } from '@tracker/platform/blob-store';
import { MessagingModule } from '@tracker/platform/messaging';
import { addressIdentifiesClient } from '@tracker/platform/runtime';
import { SqlModule } from '@tracker/platform/sql';
import { TracingShutdown } from '@tracker/platform/tracing';
import type { GatewayConfig } from './config';

/** The gateway as its own process: HTTP in front, NATS behind, the blob store for attachment bytes, PostgreSQL for Idempotency-Key records. */
@Module({})
export class GatewayAppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [
        MessagingModule.forRoot(config.messaging),
        BlobStoreModule.forRoot(config.blobStore),
        SqlModule.forRoot(config.sql),
        GatewayModule.forRoot({
          maxBodyBytes: config.http.maxBodyBytes,
          addressIdentifiesClient: addressIdentifiesClient(config.http),
          maxAttachmentBytes: config.maxAttachmentBytes,
          credentialCache: { maxEntries: config.http.credentialCacheEntries, ttlMs: CREDENTIAL_CACHE_TTL_MS },
          idempotency: config.idempotency,
        }),
      ],
      // the spans still batched are sent at shutdown
      providers: [TracingShutdown],
    };
  }
}
