import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ANONYMOUS, CATALOG_INSTALLATION_STREAM, ErrorCode, isDomainError } from '@tracker/contracts';
import {
  type InstallStep,
  classificationDecider,
  fieldDecider,
  installPlan,
  installationDecider,
  keywordDecider,
  productDecider,
  workflowDecider,
} from '@tracker/catalog/domain';
import { type CommandContext, CommandRunner } from '@tracker/platform/command-handler';
import { EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import { KeyedLocks, READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { CATALOG_OPTIONS, type CatalogOptions } from '../catalog.options';
import { IdentityClient } from '../collaborators/identity.client';
import { InstallationGate } from './installation-gate';
import type { CatalogLock } from '../catalog.sequences';

/** Version of the installation plan the marker records. */
const PLAN_VERSION = 1;
const RETRY_MS = [100, 250, 500, 1000, 2000];

/**
 * First start of an installation: every standard field, the select values, the status
 * workflow, the classification, keywords and Bugzilla's test product and component.
 * Each stream is created only when missing and the whole runs under a lock shared by
 * every replica, so replicas may start together and a crash half-way is completed by
 * the next start; a marker event then makes later starts skip it all (they never ask
 * identity). It runs in the background, because identity may answer only once the
 * whole process has started; requests wait on the InstallationGate.
 */
@Injectable()
export class CatalogInstaller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogInstaller');
  private stopped = false;

  constructor(
    private readonly commands: CommandRunner,
    private readonly locks: KeyedLocks<CatalogLock>,
    private readonly identity: IdentityClient,
    private readonly gate: InstallationGate,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(CATALOG_OPTIONS) private readonly options: CatalogOptions,
  ) {}

  onApplicationBootstrap(): void {
    void this.installUntilDone();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  /** A failure (the database away for a moment) is retried; a process stopped half-way is completed by the next start. */
  private async installUntilDone(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        await this.install();
        return;
      } catch (error) {
        if (this.stopped) return;
        this.logger.error(`installation failed, retrying: ${error instanceof Error ? error.stack : String(error)}`);
        // short pauses: requests wait on the gate meanwhile (a database back from a restart is usable at once)
        await sleep(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 2000);
      }
    }
  }

  async install(): Promise<void> {
    if (!(await this.isInstalled())) {
      const adminUserId = await this.administratorId();
      if (adminUserId === null) return;
      await this.locks.withLock('install', ['catalog'], async () => {
        if (await this.isInstalled()) return;
        const context = this.commands.systemContext(`install-${randomUUID()}`);
        for (const step of installPlan({ adminUserId, useTargetMilestone: this.options.useTargetMilestone })) {
          await this.apply(step, context);
        }
        await this.commands.append(
          installationDecider,
          CATALOG_INSTALLATION_STREAM,
          { kind: 'MarkInstalled', planVersion: PLAN_VERSION },
          context,
        );
        this.logger.log('installed the catalog defaults');
      });
    }
    try {
      await this.readModel.catchUp();
    } catch (error) {
      // a read model stopped at an event it cannot apply: the installation is in the log, serve what was applied
      if (!isDomainError(error) || error.code !== ErrorCode.serviceUnavailable) throw error;
      this.logger.error(`the catalog serves what it could apply: ${error.message}`);
    }
    this.gate.markInstalled();
  }

  private async isInstalled(): Promise<boolean> {
    return (await this.store.readStream(CATALOG_INSTALLATION_STREAM, { maxCount: 1 })).length > 0;
  }

  private async apply(step: InstallStep, context: CommandContext): Promise<void> {
    if ((await this.store.readStream(step.stream, { maxCount: 1 })).length > 0) return;
    const run = this.commands.run.bind(this.commands);
    switch (step.kind) {
      case 'classification':
        for (const command of step.commands) await run(classificationDecider, step.stream, command, context);
        return;
      case 'field':
        for (const command of step.commands) await run(fieldDecider, step.stream, command, context);
        return;
      case 'workflow':
        for (const command of step.commands) await run(workflowDecider, step.stream, command, context);
        return;
      case 'keyword':
        for (const command of step.commands) await run(keywordDecider, step.stream, command, context);
        return;
      case 'product':
        for (const command of step.commands) await run(productDecider, step.stream, command, context);
        return;
    }
  }

  /** The administrator's user id, asked of identity until it answers (it may still be starting). */
  private async administratorId(): Promise<number | null> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        const users = await this.identity.usersByLogin({ auth: ANONYMOUS, correlationId: `install-${randomUUID()}` }, [
          this.options.adminLogin,
        ]);
        const admin = users.get(this.options.adminLogin.toLowerCase());
        if (admin) return admin.id;
      } catch (error) {
        if (attempt % 20 === 10)
          this.logger.warn(
            `waiting for identity to know ${this.options.adminLogin}: ${error instanceof Error ? error.message : String(error)}`,
          );
      }
      await sleep(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 2000);
    }
    return null;
  }
}

/** A pause that does not keep a stopping process alive. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
