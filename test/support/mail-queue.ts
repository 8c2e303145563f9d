import { randomUUID } from 'node:crypto';
import { TEST_SERVER_URLS } from '@tracker/testing';
import { Queue } from 'bullmq';

/**
 * A distributed run's own BullMQ mail queue on the shared Redis. Job ids are deterministic
 * per change and recipient (docs/mail.md), and changes are numbered per installation, so two
 * runs sharing a queue would take each other's mails for duplicates; and a run without an
 * SMTP server leaves its jobs waiting. Each run gets a queue of its own and removes it.
 */
export interface RunMailQueue {
  readonly env: Readonly<Record<string, string>>;
  remove(): Promise<void>;
}

export function runMailQueue(): RunMailQueue {
  const name = `tracker-mail-e2e-${randomUUID().slice(0, 8)}`;
  return {
    env: { TRACKER_REDIS_URL: TEST_SERVER_URLS.redis, TRACKER_MAIL_QUEUE_NAME: name },
    remove: async () => {
      const queue = new Queue(name, { connection: { url: TEST_SERVER_URLS.redis } });
      try {
        await queue.obliterate({ force: true });
      } finally {
        await queue.close();
      }
    },
  };
}
