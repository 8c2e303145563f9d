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
 * in log order, a batch at a time, asks identity for the facts, decides and renders, queues
 * one job per (change, recipient) under its deterministic id, then records the jobs and
 * forgets the changes in one statement. A crash in between re-runs the change: the queue ignores an
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
      if (batch.length > 0) await this.dispatch(batch);
      handled += batch.length;
      if (batch.length < BATCH || this.stopped) return handled;
    }
  }

  /**
   * A batch of changes at once: one read of the blocked bugs, one identity lookup, one
   * preferences read, one ledger read, one bulk enqueue and one ledger write for them all,
   * since on a busy tracker each round trip costs the mailer more CPU than deciding a mail.
   */
  private async dispatch(batch: readonly PendingChange[]): Promise<void> {
    const changes = batch.flatMap((pending) => {
      const change = mailChangeOf(pending);
      return change ? [{ change, bug: pending.bugFacts }] : [];
    });
    const blocked = await this.pending.bugFacts([...new Set(changes.flatMap(({ change, bug }) => depChangedTargets(change, bug)))]);
    const toMail = changes.map(({ change, bug }) => ({ change, bug, blocked: blockedBy(change, bug, blocked) }));
    const facts = await this.facts.loadAll(toMail);
    const jobs = toMail.flatMap(({ change, blocked: told }, index): MailJob[] => {
      const factsOfChange = facts[index];
      if (!factsOfChange) return [];
      return [...mailJobs(change, factsOfChange, this.options.from), ...depChangedJobs(change, factsOfChange, told, this.options.from)];
    });
    const known = await this.pending.alreadyQueued(jobs.map((job) => job.jobId));
    await this.queue.enqueueAll(jobs.filter((job) => !known.has(job.jobId)).map(({ jobId, message }) => ({ jobId, message })));
    await this.pending.settle(
      batch.map((pending) => pending.changeKey),
      jobs.map(({ message: _message, ...mail }) => mail),
    );
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

function mailChangeOf(pending: PendingChange): BugMailChange | null {
  const [first] = pending.events;
  const events = pending.events.map((event) => ({ type: event.type, data: event.data }) as BugEvent);
  return first ? bugMailChange({ changeId: first.id, occurredAt: first.occurredAt, events, fieldValues: pending.fieldValues }) : null;
}

/** The bugs a change's dep_changed mails tell, as the notifier knows them now; one it never saw is left out. */
function blockedBy(change: BugMailChange, bug: BugMailFacts, known: ReadonlyMap<number, BugMailFacts>): Map<number, BugMailFacts> {
  const told = new Map<number, BugMailFacts>();
  for (const id of depChangedTargets(change, bug)) {
    const facts = known.get(id);
    if (facts) told.set(id, facts);
  }
  return told;
}
