import type { LogLevel } from '@nestjs/common';
import { readMaxAttachmentBytes } from '@tracker/gateway';
import { type BlobStoreConfig, readBlobStoreConfig } from '@tracker/platform/blob-store';
import { EnvReader } from '@tracker/platform/config';
import type { MessagingConfig } from '@tracker/platform/messaging';
import { type HttpConfig, readHttpConfig, readLogLevels, readNatsConfig } from '@tracker/platform/runtime';

export interface GatewayConfig {
  readonly http: HttpConfig;
  readonly messaging: MessagingConfig;
  readonly logLevels: readonly LogLevel[];
  /** uploads are staged and downloads read here (docs/attachments.md §6) */
  readonly blobStore: BlobStoreConfig;
  readonly maxAttachmentBytes: number;
}

/** The only place the gateway process reads its environment. */
export function loadGatewayConfig(environment: NodeJS.ProcessEnv): Readonly<GatewayConfig> {
  const env = new EnvReader(environment);
  return env.finish({
    http: readHttpConfig(env),
    messaging: readNatsConfig(env),
    logLevels: readLogLevels(env),
    blobStore: readBlobStoreConfig(env),
    maxAttachmentBytes: readMaxAttachmentBytes(env),
  });
}
