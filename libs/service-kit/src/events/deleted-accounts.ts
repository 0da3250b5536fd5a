import { Inject, Injectable } from '@nestjs/common';
import { IdentityEvents, type EventEnvelope } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';
import { preparedQuery } from '../database/prepared-query';

/**
 * The service's tombstones of deleted accounts (`deleted_accounts`). An account's deletion
 * cascade records one under an exclusive transaction lock per account; every transaction that
 * applies events holds the same lock shared while it checks for tombstones. So the cascade
 * waits for events of the account being applied, and events applied after it are refused:
 * nothing it removed comes back.
 */
/** Shared advisory locks, one per account, under one name. */
export interface AccountLocks {
  name: string;
  accounts: number[];
}

@Injectable()
export class DeletedAccounts {
  private readonly schema: string;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.schema = config.database!.schema;
  }

  /** Records the account as deleted, in the cascade's transaction (again: nothing happens). */
  async record(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2::int)', [this.lockName, accountId]);
    await tx.query(`INSERT INTO "${this.schema}".deleted_accounts (account_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
      accountId,
    ]);
  }

  /** The shared locks `refuseLocked` needs taken first: one per account of these events, in a fixed order. */
  lockOf(events: EventEnvelope[]): AccountLocks {
    const accounts = [...new Set(events.filter(isChecked).map((event) => event.account_id!))].sort((a, b) => a - b);
    return { name: this.lockName, accounts };
  }

  /**
   * The events to apply: those of deleted accounts are left out (except the deletion itself,
   * which cascades may see again). The transaction took `lockOf(events)` in an earlier
   * statement (consumers take them with their inbox records) and wrote nothing of theirs yet.
   */
  async refuseLocked(tx: EntityManager, events: EventEnvelope[]): Promise<EventEnvelope[]> {
    const { accounts } = this.lockOf(events);
    if (accounts.length === 0) return events;
    // A statement of its own: its snapshot is taken after the locks, so it sees a cascade that committed meanwhile.
    const rows = await preparedQuery<{ account_id: number }>(
      tx,
      `${this.schema}_deleted_accounts_find`,
      `SELECT account_id FROM "${this.schema}".deleted_accounts WHERE account_id = ANY($1::int[])`,
      [accounts],
    );
    if (rows.length === 0) return events;
    const deleted = new Set(rows.map((row) => row.account_id));
    return events.filter((event) => !isChecked(event) || !deleted.has(event.account_id!));
  }

  /**
   * Whether the account is deleted, for background work that writes an account's rows outside
   * events (an import's batch): asked first in its transaction, it keeps a cascade from
   * running meanwhile, and it answers true once one ran.
   */
  async isDeleted(tx: EntityManager, accountId: number): Promise<boolean> {
    await tx.query('SELECT pg_advisory_xact_lock_shared(hashtext($1), $2::int)', [this.lockName, accountId]);
    const rows: unknown[] = await tx.query(`SELECT 1 FROM "${this.schema}".deleted_accounts WHERE account_id = $1`, [
      accountId,
    ]);
    return rows.length > 0;
  }

  private get lockName(): string {
    return `${this.schema}.deleted_accounts`;
  }
}

function isChecked(event: EventEnvelope): boolean {
  return typeof event.account_id === 'number' && event.type !== IdentityEvents.accountDeleted;
}
