import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { BugEvent } from '@tracker/contracts';
import { type BugMailChange, type BugMailFacts, bugMailChange, depChangedTargets } from '@tracker/mailer/domain';
import { MAIL_QUEUE, type MailQueue } from '@tracker/platform/mail-queue';
import { MAILER_OPTIONS, type MailerOptions } from '../mailer.options';
import type { PendingChange } from '../read-model/pending-change';
import { PendingChangesQueries } from '../read-model/pending-changes.queries';
import { MailFactsLoader } from './mail-facts.loader';
import { depChangedJobs } from './dep-changed-jobs';
import { type MailJob, mailJobs } from './mail-jobs';

const BATCH = 50;

/**
 * The notifier's half outside any transaction (docs/mail.md §5): takes the recorded changes
 * in log order, asks identity for the facts, decides and renders, queues one job per
 * (change, recipient) under its deterministic id, then records the jobs and forgets the
 * change in one transaction. A crash in between re-runs the change: the queue ignores an
 * id it holds and the ledger skips one it recorded, so nobody is mailed twice.
 */
@Injectable()
export class MailDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailDispatcher');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly pending: PendingChangesQueries,
    private readonly facts: MailFactsLoader,
    @Inject(MAIL_QUEUE) private readonly queue: MailQueue,
    @Inject(MAILER_OPTIONS) private readonly options: MailerOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Mails every change that has settled; how many changes it handled. */
  async dispatchSettled(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await this.pending.settled(this.options.settleMs, BATCH);
      for (const change of batch) {
        await this.dispatch(change);
        handled += 1;
      }
      if (batch.length < BATCH || this.stopped) return handled;
    }
  }

  private async dispatch(pending: PendingChange): Promise<void> {
    const [first] = pending.events;
    const events = pending.events.map((event) => ({ type: event.type, data: event.data }) as BugEvent);
    const change = first ? bugMailChange({ changeId: first.id, occurredAt: first.occurredAt, events }) : null;
    const jobs = change ? await this.jobsOf(change, pending.bugFacts) : [];
    const known = await this.pending.alreadyQueued(jobs.map((job) => job.jobId));
    for (const job of jobs) {
      if (!known.has(job.jobId)) await this.queue.enqueue(job.message, { jobId: job.jobId });
    }
    await this.pending.settle(
      pending.changeKey,
      jobs.map(({ message: _message, ...mail }) => mail),
    );
  }

  /** The change's own mails, and the dep_changed mails of the bugs it blocks when it opened or closed. */
  private async jobsOf(change: BugMailChange, bugFacts: BugMailFacts): Promise<MailJob[]> {
    const blocked = await this.pending.bugFacts(depChangedTargets(change, bugFacts));
    const facts = await this.facts.load(change, bugFacts, [...blocked.values()]);
    return [...mailJobs(change, facts, this.options.from), ...depChangedJobs(change, facts, blocked, this.options.from)];
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.dispatchSettled()
        .catch((error: unknown) => this.logger.error(`mail dispatch failed, retried in ${this.options.pollMs} ms: ${String(error)}`))
        .finally(() => this.schedule());
    }, this.options.pollMs);
  }
}
