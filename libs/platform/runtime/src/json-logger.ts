import { ConsoleLogger, type LogLevel, type LoggerService } from '@nestjs/common';
import { currentCorrelationId } from '@tracker/platform/messaging';

/** TRACKER_LOG_FORMAT: one JSON object a line for a log pipeline, or Nest's coloured lines for a person. */
export type LogFormat = 'json' | 'text';
export const LOG_FORMATS = ['json', 'text'] as const;

/** Nest's `log` is what log pipelines (Loki, Elasticsearch, Cloud Logging) call `info`. */
const LEVEL_NAMES: Record<LogLevel, string> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * One line of JSON per log record: `{level, time, service, context, msg, correlationId}`
 * (plus `stack` for an error's stack). Nest's ConsoleLogger does the rest (levels, the
 * context and stack arguments, safe stringification of any message), so every
 * `new Logger(...)` of the process writes through it once it is the application's logger.
 * `correlationId` is the request being handled (correlation-context.ts), absent outside one.
 */
export class JsonLogger extends ConsoleLogger {
  constructor(
    private readonly service: string,
    levels: readonly LogLevel[],
  ) {
    super({ json: true, colors: false, logLevels: [...levels] });
  }

  protected override printAsJson(
    message: unknown,
    options: { context: string; logLevel: LogLevel; writeStreamType?: 'stdout' | 'stderr'; errorStack?: unknown },
  ): void {
    const correlationId = currentCorrelationId();
    const record = {
      level: LEVEL_NAMES[options.logLevel],
      time: new Date().toISOString(),
      service: this.service,
      ...(options.context ? { context: options.context } : {}),
      msg: message,
      ...(correlationId !== undefined ? { correlationId } : {}),
      ...(options.errorStack !== undefined ? { stack: options.errorStack } : {}),
    };
    process[options.writeStreamType ?? 'stdout'].write(`${this.stringifyJsonLogObject(record)}\n`);
  }
}

/** The logger a process hands to Nest: JSON lines, or Nest's own text logger at the configured levels. */
export function processLogger(service: string, format: LogFormat, levels: readonly LogLevel[]): LoggerService | LogLevel[] {
  return format === 'json' ? new JsonLogger(service, levels) : [...levels];
}
