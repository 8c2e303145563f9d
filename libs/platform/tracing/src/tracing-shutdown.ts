import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { stopTracing } from './tracing-sdk';

/** Sends the spans still batched before the process ends (SIGTERM, `app.close()`); nothing when tracing is off. */
@Injectable()
export class TracingShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return stopTracing();
  }
}
