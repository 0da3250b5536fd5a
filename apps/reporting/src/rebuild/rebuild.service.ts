import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ModelState } from '@parley/contracts';
import { EventConsumers } from '@parley/service-kit';
import { IngestionService } from '../ingestion/ingestion.service';
import { ModelStateLoader } from '../model-state/model-state.loader';

/** The durable consumers that build the model (their names start so: see ConversationFactsConsumer). */
const FACT_CONSUMERS = (durable: string) => durable.startsWith('reporting__facts_');
const WATCH_INTERVAL_MS = 250;

/**
 * Rebuilds the model: empties it and replays every event the stream still holds through the
 * same consumers, while the other consumers (names, CSAT) keep running and new events wait in
 * the stream behind the replay. Reports say `rebuilding` until the replay has caught up.
 */
@Injectable()
export class RebuildService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RebuildService.name);
  private watcher: NodeJS.Timeout | null = null;

  constructor(
    private readonly consumers: EventConsumers,
    private readonly ingestion: IngestionService,
    private readonly state: ModelStateLoader,
  ) {}

  /** A rebuild interrupted by a restart goes on: its consumers replay from where they were. */
  async onApplicationBootstrap(): Promise<void> {
    if ((await this.state.state()).rebuilding) this.watch();
  }

  onApplicationShutdown(): void {
    if (this.watcher) clearTimeout(this.watcher);
    this.watcher = null;
  }

  async start(): Promise<ModelState> {
    const current = await this.state.state();
    if (current.rebuilding) return current;
    await this.consumers.replay(FACT_CONSUMERS, async (tx) => {
      await this.state.markRebuilding(tx);
      await this.ingestion.emptyModel(tx);
    });
    this.logger.log('Model rebuild started: replaying the stream into an empty model');
    this.watch();
    return { rebuilding: true };
  }

  private watch(): void {
    const check = async () => {
      this.watcher = null;
      try {
        const durables = this.consumers.durables().filter(FACT_CONSUMERS);
        if ((await this.consumers.backlog(durables)) === 0) {
          await this.state.markComplete();
          this.logger.log('Model rebuild complete');
          return;
        }
      } catch (error) {
        this.logger.warn(`Rebuild progress check failed: ${(error as Error).message}`);
      }
      this.watcher = setTimeout(() => void check(), WATCH_INTERVAL_MS);
    };
    this.watcher = setTimeout(() => void check(), WATCH_INTERVAL_MS);
  }
}
