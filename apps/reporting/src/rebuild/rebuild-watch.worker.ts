import { Injectable } from '@nestjs/common';
import { EventConsumers, PollingLoop } from '@parley/service-kit';
import { ModelStateLoader } from '../model-state/model-state.loader';

/** The durable consumers that build the model (their names start so: see ConversationFactsConsumer). */
export const FACT_CONSUMERS = (durable: string) => durable.startsWith('reporting__facts_');
const WATCH_INTERVAL_MS = 250;

/**
 * Marks a rebuild complete once its replay has caught up: the fact consumers have no backlog
 * left. It looks only while a rebuild replays (a tick between rebuilds does nothing).
 */
@Injectable()
export class RebuildWatchWorker extends PollingLoop {
  private watching = false;

  constructor(
    private readonly consumers: EventConsumers,
    private readonly state: ModelStateLoader,
  ) {
    super(WATCH_INTERVAL_MS, "Checking the model rebuild's progress");
  }

  /** A replay runs: watch it, from the next tick, until it has caught up. */
  watch(): void {
    this.watching = true;
  }

  protected async pass(): Promise<boolean> {
    if (!this.watching) return false;
    const durables = this.consumers.durables().filter(FACT_CONSUMERS);
    if ((await this.consumers.backlog(durables)) === 0) {
      await this.state.markComplete();
      this.watching = false;
      this.logger.log('Model rebuild complete');
    }
    return false;
  }
}
