import { Inject, Injectable } from '@nestjs/common';
import type { EventMap, EventType } from '@parley/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';
import { buildEnvelope } from './envelope.factory';
import { OutboxRelay } from './outbox-relay';

/** Records an event in the same transaction as the change it describes. */
export type Emit = <T extends EventType>(type: T, accountId: number | null, data: EventMap[T]) => Promise<void>;

/**
 * The transactional outbox: work and its events commit together or not at all; the relay
 * publishes them right after commit, and its poller catches anything a crash left behind.
 */
@Injectable()
export class Outbox {
  private readonly table: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.table = `"${config.database!.schema}".outbox`;
  }

  async transaction<T>(work: (tx: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    let emitted = false;
    const result = await this.dataSource.transaction(async (tx) => {
      const emit: Emit = async (type, accountId, data) => {
        const envelope = buildEnvelope(type, accountId, data);
        await tx.query(`INSERT INTO ${this.table} (id, type, payload) VALUES ($1, $2, $3)`, [
          envelope.id,
          envelope.type,
          JSON.stringify(envelope),
        ]);
        emitted = true;
      };
      return work(tx, emit);
    });
    if (emitted) this.relay.kick();
    return result;
  }
}
