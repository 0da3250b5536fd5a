import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import type { Fact } from './fact.rules';
import { dayOf, hourOf, ROLLUP_COLUMNS, rollupDelta, scopesOf, type RollupColumn } from './rollup.rules';
import { INSERT_FACTS, type FactRecord } from './persistence/fact.row';
import { upsertDailyRollups, upsertRollups } from './persistence/rollup.row';

export interface AccountFact {
  account_id: number;
  fact: Fact;
}

type RollupKey = { account_id: number; scope: number; scope_id: number; start: number };

function add(
  rows: Map<string, Record<string, number>>,
  key: RollupKey,
  delta: Partial<Record<RollupColumn, number>>,
): void {
  const name = `${key.account_id}:${key.scope}:${key.scope_id}:${key.start}`;
  let row = rows.get(name);
  if (!row) {
    row = { ...key, ...Object.fromEntries(ROLLUP_COLUMNS.map((column) => [column, 0])) };
    rows.set(name, row);
  }
  for (const [column, value] of Object.entries(delta) as Array<[RollupColumn, number]>) row[column] += value;
}

/**
 * The facts and both roll-ups in one prepared statement (a round trip and a plan a batch, not
 * three); each part writes a table of its own, in the same order every time.
 */
const WRITE_FACTS = `WITH facts AS (${INSERT_FACTS}), hourly AS (${upsertRollups('$2')}) ${upsertDailyRollups('$3')}`;

/** Sorted: concurrent batches take the rows' locks in one order. */
function sorted(rows: Map<string, Record<string, number>>): Array<Record<string, number>> {
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/**
 * The one way facts enter the model: the facts and their hourly roll-ups in the caller's
 * transaction, so the two never disagree. Label titles become the account's label keys here.
 */
@Injectable()
export class FactsWriter {
  async write(tx: EntityManager, facts: AccountFact[]): Promise<void> {
    if (facts.length === 0) return;
    const keys = await this.labelKeys(tx, facts);
    const records: FactRecord[] = [];
    const hourly = new Map<string, Record<string, number>>();
    const daily = new Map<string, Record<string, number>>();
    for (const { account_id, fact } of facts) {
      const labelIds = fact.labels.map((title) => keys.get(`${account_id}\u0000${title}`)!);
      records.push({
        account_id,
        kind: fact.kind,
        at: fact.at,
        conversation_id: fact.conversation_id,
        inbox_id: fact.inbox_id,
        agent_id: fact.agent_id,
        team_id: fact.team_id,
        label_ids: labelIds,
        value: fact.value,
        value_bh: fact.value_bh,
        samples: fact.samples,
      });
      const delta = rollupDelta(fact);
      for (const { scope, id } of scopesOf(fact, labelIds)) {
        add(hourly, { account_id, scope, scope_id: id, start: hourOf(fact.at) }, delta);
        add(daily, { account_id, scope, scope_id: id, start: dayOf(fact.at) }, delta);
      }
    }
    await preparedQuery(tx, 'reporting_write_facts', WRITE_FACTS, [
      JSON.stringify(records),
      JSON.stringify(sorted(hourly)),
      JSON.stringify(sorted(daily)),
    ]);
  }

  private async labelKeys(tx: EntityManager, facts: AccountFact[]): Promise<Map<string, number>> {
    const pairs = new Map<string, { account_id: number; title: string }>();
    for (const { account_id, fact } of facts)
      for (const title of fact.labels) pairs.set(`${account_id}\u0000${title}`, { account_id, title });
    if (pairs.size === 0) return new Map();
    const list = [...pairs.values()];
    const accounts = list.map((pair) => pair.account_id);
    const titles = list.map((pair) => pair.title);
    await tx.query(
      `INSERT INTO reporting.label_keys (account_id, title) SELECT * FROM unnest($1::int[], $2::text[]) ORDER BY 1, 2 ON CONFLICT DO NOTHING`,
      [accounts, titles],
    );
    const rows: Array<{ id: number; account_id: number; title: string }> = await tx.query(
      `SELECT k.id, k.account_id, k.title FROM reporting.label_keys k JOIN unnest($1::int[], $2::text[]) AS p(account_id, title)
       ON k.account_id = p.account_id AND k.title = p.title`,
      [accounts, titles],
    );
    return new Map(rows.map((row) => [`${row.account_id}\u0000${row.title}`, row.id]));
  }
}
