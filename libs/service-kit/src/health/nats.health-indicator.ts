import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { EventBus } from '../events/event-bus';

const FLUSH_LIMIT_MS = 1000;

/** NATS is healthy when a round trip to the server completes promptly. */
@Injectable()
export class NatsHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly bus: EventBus,
  ) {}

  async check(key = 'nats'): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check(key);
    if (!this.bus.isConnected()) return indicator.down({ message: 'not connected' });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.bus.nats.flush(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${FLUSH_LIMIT_MS} ms`)), FLUSH_LIMIT_MS);
        }),
      ]);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    } finally {
      clearTimeout(timer);
    }
  }
}
