import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Called once a transaction has ended: `committed` is false when it rolled back (or its commit failed). */
export type SettledHook = (committed: boolean) => void;

const hooksOf = new WeakMap<EntityManager, SettledHook[]>();
const logger = new Logger('SettledHooks');

/**
 * Runs `hook` when the outbox transaction `tx` ends, whichever way: work that may only start
 * once a write is durable (or must be undone in memory when it is not) waits for it here.
 * Throws for a transaction the outbox did not begin, which would never call it.
 */
export function whenSettled(tx: EntityManager, hook: SettledHook): void {
  const hooks = hooksOf.get(tx);
  if (!hooks) throw new Error('whenSettled needs a transaction begun by Outbox.transaction');
  hooks.push(hook);
}

/** The transaction `tx` begins: hooks may be added until it settles. */
export function openSettledHooks(tx: EntityManager): void {
  hooksOf.set(tx, []);
}

/** The transaction `tx` ended: runs its hooks once, each on its own (one that throws is logged). */
export function settle(tx: EntityManager | null, committed: boolean): void {
  if (!tx) return;
  const hooks = hooksOf.get(tx) ?? [];
  hooksOf.delete(tx);
  for (const hook of hooks) {
    try {
      hook(committed);
    } catch (error) {
      logger.error(`A transaction's settled hook failed: ${(error as Error).message}`);
    }
  }
}
