import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HistoryPatterns, type ModelState } from '@parley/contracts';
import { EventBus, EventConsumers, RpcClient } from '@parley/service-kit';
import type { DataSource } from 'typeorm';
import { HistoryIngestionService } from '../ingestion/history-ingestion.service';
import { IngestionService } from '../ingestion/ingestion.service';
import { splitAt, type HistoryBoundary } from '../model-state/history-boundary.rules';
import { ModelStateLoader } from '../model-state/model-state.loader';
import { FACT_CONSUMERS, RebuildWatchWorker } from './rebuild-watch.worker';

const HISTORY_PAGE = 100;
/** One page of history: messaging answers it from indexed reads, but a page may hold long conversations. */
const HISTORY_PAGE_TIMEOUT_MS = 30_000;

/**
 * Rebuilds the model: empties it, fills it with messaging's history up to where the events
 * stream starts (paged), then replays every event the stream still holds through the same
 * consumers. The fact consumers wait meanwhile (new events queue in the stream behind the
 * replay); the other consumers (names, CSAT) keep running. Reports say `rebuilding` until the
 * replay has caught up.
 */
@Injectable()
export class RebuildService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RebuildService.name);
  private running = false;

  constructor(
    private readonly consumers: EventConsumers,
    private readonly ingestion: IngestionService,
    private readonly historyIngestion: HistoryIngestionService,
    private readonly state: ModelStateLoader,
    private readonly bus: EventBus,
    private readonly rpc: RpcClient,
    @InjectDataSource() private readonly db: DataSource,
    private readonly watcher: RebuildWatchWorker,
  ) {}

  /** A rebuild interrupted by a restart goes on: from the start if its history was not in, else its consumers replay from where they were. */
  async onApplicationBootstrap(): Promise<void> {
    const progress = await this.state.progress();
    if (!progress.rebuilding) return;
    if (progress.history_filled) {
      this.watcher.watch();
      return;
    }
    void this.consumers
      .started()
      .then(() => this.start())
      .catch((error: Error) =>
        this.logger.error(`Model rebuild could not start again (ask again to retry): ${error.message}`),
      );
  }

  async start(): Promise<ModelState> {
    if (this.running) return { rebuilding: true };
    this.running = true;
    let boundary: HistoryBoundary;
    try {
      // Replaying already; a rebuild whose history part failed or was cut short starts again.
      const current = await this.state.progress();
      if (current.rebuilding && current.history_filled) {
        this.running = false;
        return { rebuilding: true };
      }
      boundary = splitAt(await this.firstEventPublished(), new Date());
      await this.state.markRebuilding(boundary);
    } catch (error) {
      this.running = false;
      throw error;
    }
    this.logger.log(
      `Model rebuild started: history before ${new Date(boundary.before * 1000).toISOString()} from messaging, the rest from the stream`,
    );
    void this.consumers
      .replay(
        FACT_CONSUMERS,
        (tx) => this.ingestion.emptyModel(tx),
        () => this.fill(boundary),
      )
      .then(() => this.watcher.watch())
      .catch((error: Error) => this.logger.error(`Model rebuild failed (ask again to retry): ${error.message}`))
      .finally(() => (this.running = false));
    return { rebuilding: true };
  }

  /** Messaging's history before the split, page by page, each page in its own transaction. */
  private async fill(boundary: HistoryBoundary): Promise<void> {
    let after = 0;
    let conversations = 0;
    for (;;) {
      const page = await this.rpc.send(
        HistoryPatterns.page,
        { before: boundary.before, after, limit: HISTORY_PAGE },
        { timeoutMs: HISTORY_PAGE_TIMEOUT_MS },
      );
      await this.db.transaction((tx) => this.historyIngestion.ingest(tx, page.conversations, boundary));
      conversations += page.conversations.length;
      if (page.next_after === null) break;
      after = page.next_after;
    }
    await this.state.markHistoryFilled();
    this.logger.log(`Model rebuild: ${conversations} conversations from messaging's history; replaying the stream`);
  }

  /** When the oldest event the stream still holds was published; null: it holds none. */
  private async firstEventPublished(): Promise<Date | null> {
    const info = await this.bus.jetstreamManager.streams.info(this.bus.eventsStream);
    return info.state.messages > 0 ? new Date(info.state.first_ts) : null;
  }
}
