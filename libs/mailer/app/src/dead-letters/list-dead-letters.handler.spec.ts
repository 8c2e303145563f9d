import { ANONYMOUS, type AuthContext, DomainError, type ListDeadLettersParams, type ServiceRequest } from '@tracker/contracts';
import { InProcessMailQueue, type MailQueue } from '@tracker/platform/mail-queue';
import { mail } from '@tracker/platform/mail-queue/testing';
import { waitUntil } from '@tracker/testing';
import { ListDeadLettersHandler } from './list-dead-letters.handler';

const ADMIN: AuthContext = { ...ANONYMOUS, userId: 1, login: 'admin@example.com', permissions: ['admin'] };
const USER: AuthContext = { ...ANONYMOUS, userId: 2, login: 'ann@example.com', permissions: ['editbugs'] };
const request = (auth: AuthContext, params: ListDeadLettersParams = { limit: undefined }): ServiceRequest<ListDeadLettersParams> => ({
  auth,
  correlationId: 'c-1',
  params,
});

describe('mailer.admin.dead-letters: the mail given up, for an administrator', () => {
  let queue: MailQueue;
  let handler: ListDeadLettersHandler;

  beforeAll(async () => {
    let givenUp = 0;
    let delivered = 0;
    queue = new InProcessMailQueue({ attempts: 2, backoffMs: 0, logger: { error: () => void (givenUp += 1) } });
    handler = new ListDeadLettersHandler(queue);
    await queue.enqueue(mail('[Bug 7] Doomed', { to: ['gone@example.com'] }), { jobId: 'change-7:u9' });
    await queue.enqueue(mail('[Bug 8] Fine'), { jobId: 'change-8:u1' });
    await queue.process(async (message) => {
      if (message.subject.includes('Doomed')) throw new Error('550 no such user');
      delivered += 1;
      return Promise.resolve();
    });
    await waitUntil(() => givenUp === 1 && delivered === 1);
  });
  afterAll(() => queue.close());

  it('lists each given-up mail with its recipient, attempts and last error; delivered mail is not listed', async () => {
    const listed = await handler.handle(request(ADMIN));
    expect(listed.dead_letters).toEqual([
      {
        job_id: 'change-7:u9',
        to: ['gone@example.com'],
        subject: '[Bug 7] Doomed',
        attempts: 2,
        last_error: '550 no such user',
        failed_at: expect.any(String),
      },
    ]);
  });

  it('refuses anyone but an administrator, and a limit out of range, with a clear error', async () => {
    await expect(handler.handle(request(USER))).rejects.toMatchObject({ code: 304 });
    await expect(handler.handle(request(ANONYMOUS))).rejects.toBeInstanceOf(DomainError);
    await expect(handler.handle(request(ADMIN, { limit: 0 }))).rejects.toMatchObject({ code: 32000 });
    await expect(handler.handle(request(ADMIN, { limit: 1001 }))).rejects.toMatchObject({ code: 32000 });
  });
});
