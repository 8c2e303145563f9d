import { Injectable } from '@nestjs/common';
import { CommonErrors } from '@tracker/contracts';

/**
 * Requests wait here until the fresh-install defaults exist, so that nobody sees a
 * catalog without its standard fields. Installation needs identity (the administrator is
 * TestComponent's default assignee) and runs in the background after start-up; a
 * request that waits too long gets a retryable 503 instead of an empty catalog. The wait
 * is inside the bus's request timeout (15 s by default), so the caller hears that
 * 503 rather than a timeout that leaves a read "in doubt".
 */
const WAIT_MS = 12_000;

@Injectable()
export class InstallationGate {
  private open!: () => void;
  private readonly opened = new Promise<void>((resolve) => {
    this.open = resolve;
  });
  private isOpen = false;

  markInstalled(): void {
    this.isOpen = true;
    this.open();
  }

  async whenInstalled(correlationId: string): Promise<void> {
    if (this.isOpen) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), WAIT_MS).unref();
    });
    try {
      const outcome = await Promise.race([this.opened.then(() => 'open' as const), timeout]);
      if (outcome === 'timeout') {
        throw CommonErrors.serviceUnavailable(
          `The catalog is still installing its defaults (it waits for the identity service or its database). Please retry; correlation id ${correlationId}.`,
        );
      }
    } finally {
      clearTimeout(timer);
    }
  }
}
