import { Inject } from '@nestjs/common';
import {
  CommonErrors,
  DEAD_LETTERS_DEFAULT,
  DEAD_LETTERS_MAX,
  hasPermission,
  LIST_DEAD_LETTERS_SUBJECT,
  type ListDeadLettersParams,
  type ListDeadLettersResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { MAIL_QUEUE, type MailQueue } from '@tracker/platform/mail-queue';

/**
 * `mailer.admin.dead-letters`: the mails given up after their last attempt, the latest
 * first, for an administrator (docs/mail.md §5). Read from the queue itself (BullMQ's
 * failed set on Redis; the in-process queue's memory in embedded mode).
 */
@MessageHandler(LIST_DEAD_LETTERS_SUBJECT)
export class ListDeadLettersHandler {
  constructor(@Inject(MAIL_QUEUE) private readonly queue: MailQueue) {}

  async handle(request: ServiceRequest<ListDeadLettersParams>): Promise<ListDeadLettersResult> {
    if (!hasPermission(request.auth, 'admin')) throw CommonErrors.notInGroup('admin', 'list the mail that could not be sent');
    const limit = request.params.limit ?? DEAD_LETTERS_DEFAULT;
    if (limit < 1 || limit > DEAD_LETTERS_MAX) {
      throw CommonErrors.userError(`The limit must be between 1 and ${DEAD_LETTERS_MAX}; ${limit} was given.`);
    }
    const letters = await this.queue.deadLetters(limit);
    return {
      dead_letters: letters.map((letter) => ({
        job_id: letter.jobId,
        to: letter.to,
        subject: letter.subject,
        attempts: letter.attempts,
        last_error: letter.lastError,
        failed_at: letter.failedAt,
      })),
    };
  }
}
