import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { COMMENTS_OPTIONS, type CommentsOptions } from '../../comments.options';
import { AttachmentSweeper } from './attachment-sweeper';

/** Runs the sweeper every TRACKER_ATTACHMENT_SWEEP_INTERVAL_SECONDS (0: never on its own). */
@Injectable()
export class AttachmentSweepTimer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AttachmentSweepTimer.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly sweeper: AttachmentSweeper,
    @Inject(COMMENTS_OPTIONS) private readonly options: CommentsOptions,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.options.attachmentSweepIntervalSeconds;
    if (seconds === 0) return;
    this.timer = setInterval(() => {
      this.running ??= this.sweeper
        .sweep({ graceSeconds: this.options.attachmentSweepGraceSeconds, stagingGraceSeconds: this.options.attachmentStagingGraceSeconds })
        .catch((error: unknown) => this.logger.warn(`attachment sweep failed: ${String(error)}`))
        .finally(() => (this.running = undefined));
    }, seconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
