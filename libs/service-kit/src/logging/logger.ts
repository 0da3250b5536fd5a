import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config/service-config';
import { currentRequestContext } from './request-context';

/** A JSON logger whose every line names the service and the current correlation id. */
export function createLogger(service: string, level: LogLevel): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const context = currentRequestContext();
      return context ? { correlation_id: context.correlationId } : {};
    },
  });
}

/** Routes Nest's own log calls into pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, this.text(message));
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, context?: string): void {
    this.logger[level]({ context }, this.text(message));
  }

  private text(message: unknown): string {
    if (message instanceof Error) return message.stack ?? message.message;
    return typeof message === 'string' ? message : JSON.stringify(message);
  }
}
