import { Logger, type INestMicroservice } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ANONYMOUS, type ServiceRequest } from '@tracker/contracts';
import {
  IN_PROCESS_BROKER,
  MESSAGE_BUS,
  MessageHandler,
  type MessageBus,
  MessagingModule,
  messageServerStrategy,
  withCorrelationId,
} from '@tracker/platform/messaging';
import { JsonLogger, processLogger } from './json-logger';

/** A use case that logs before and after awaiting, and from a helper it calls: every line must name the request. */
@MessageHandler('probe.logs')
class LoggingHandler {
  private readonly logger = new Logger('Probe');

  async handle(request: ServiceRequest<{ step: string }>): Promise<string> {
    this.logger.log(`start ${request.params.step}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await new Probe().work(request.params.step);
    return 'done';
  }
}

class Probe {
  private readonly logger = new Logger('ProbeHelper');

  async work(step: string): Promise<void> {
    await Promise.resolve();
    this.logger.warn(`helper ${step}`);
  }
}

interface LogLine {
  readonly level: string;
  readonly time: string;
  readonly service: string;
  readonly context?: string;
  readonly msg: unknown;
  readonly correlationId?: string;
  readonly stack?: string;
}

/** every line written to stdout and stderr while `work` runs, each parsed as JSON (a line that is not JSON fails the test) */
async function captureLines(work: () => Promise<void> | void): Promise<LogLine[]> {
  const written: string[] = [];
  const capture = (chunk: unknown): boolean => (written.push(String(chunk)), true);
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await work();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogLine);
}

const request = (correlationId: string, step: string): ServiceRequest<{ step: string }> => ({
  auth: ANONYMOUS,
  correlationId,
  params: { step },
});

describe('JSON logs: one line of JSON per record, naming the request being handled', () => {
  let server: INestMicroservice;
  let bus: MessageBus;

  beforeAll(async () => {
    const config = { transport: 'in-process', timeoutMs: 5_000 } as const;
    const moduleRef = await Test.createTestingModule({
      imports: [MessagingModule.forRoot(config)],
      controllers: [LoggingHandler],
    }).compile();
    server = moduleRef.createNestMicroservice({
      strategy: messageServerStrategy(config, moduleRef.get(IN_PROCESS_BROKER), undefined),
      logger: new JsonLogger('bugs', ['fatal', 'error', 'warn', 'log']),
    });
    await captureLines(() => server.listen());
    bus = server.get<MessageBus>(MESSAGE_BUS);
  });

  afterAll(async () => {
    await server.close();
  });

  it('given two requests handled at once, then each line they log carries its own correlation id, and its level, time, service, context and message', async () => {
    const lines = await captureLines(async () => {
      const replies = await Promise.all([
        bus.request('probe.logs', request('corr-a', 'a')),
        bus.request('probe.logs', request('corr-b', 'b')),
      ]);
      expect(replies).toEqual(['done', 'done']);
    });
    const fromHandlers = lines.filter((line) => line.context === 'Probe' || line.context === 'ProbeHelper');
    expect(
      fromHandlers.map(({ level, service, context, msg, correlationId }) => ({ level, service, context, msg, correlationId })).sort(byMsg),
    ).toEqual([
      { level: 'warn', service: 'bugs', context: 'ProbeHelper', msg: 'helper a', correlationId: 'corr-a' },
      { level: 'warn', service: 'bugs', context: 'ProbeHelper', msg: 'helper b', correlationId: 'corr-b' },
      { level: 'info', service: 'bugs', context: 'Probe', msg: 'start a', correlationId: 'corr-a' },
      { level: 'info', service: 'bugs', context: 'Probe', msg: 'start b', correlationId: 'corr-b' },
    ]);
    for (const line of fromHandlers) expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('given a line logged outside any request, then it has no correlation id; inside withCorrelationId, it has that one', async () => {
    const lines = await captureLines(() => {
      new Logger('Startup').log('ready');
      withCorrelationId('corr-gateway', () => new Logger('Gateway').error('failed', 'Error: failed\n    at here'));
    });
    expect(lines).toEqual([
      { level: 'info', time: expect.any(String), service: 'bugs', context: 'Startup', msg: 'ready' },
      {
        level: 'error',
        time: expect.any(String),
        service: 'bugs',
        context: 'Gateway',
        msg: 'failed',
        correlationId: 'corr-gateway',
        stack: 'Error: failed\n    at here',
      },
    ]);
  });

  it('given levels up to log, then debug records are not written', async () => {
    const lines = await captureLines(() => {
      new Logger('Probe').debug('noise');
      new Logger('Probe').log('signal');
    });
    expect(lines.map((line) => line.msg)).toEqual(['signal']);
  });

  it('given the text format, then the process keeps Nest’s own logger at the configured levels', () => {
    expect(processLogger('standalone', 'text', ['error', 'warn'])).toEqual(['error', 'warn']);
    expect(processLogger('bugs', 'json', ['error'])).toBeInstanceOf(JsonLogger);
  });
});

function byMsg(a: { msg: unknown }, b: { msg: unknown }): number {
  return String(a.msg).localeCompare(String(b.msg));
}
