import type { EntityManager } from 'typeorm';

/** The PostgreSQL type of a view column, as its values travel in one array per column. */
export type ViewColumnType = 'int' | 'bigint' | 'text' | 'bool' | 'jsonb' | 'timestamptz';

export interface ViewColumn<Item> {
  name: string;
  type: ViewColumnType;
  value: (item: Item) => unknown;
}

/**
 * A table that copies another context's resource. Every such table has the columns of `key`,
 * its own columns, `deleted` (a tombstone) and `source_updated_at` (the owner's version).
 */
export interface ViewTable<Item> {
  /** Schema-qualified, e.g. `campaigns.inboxes_view`. */
  table: string;
  /** The columns that identify a row (the conflict target), in `columns` too. */
  key: readonly string[];
  columns: ReadonlyArray<ViewColumn<Item>>;
  /** A condition on the new row (alias `c`) for inserting it at all, e.g. that its account is known here. */
  insertWhen?: string;
}

/** One state of an item and the owner's version of it. */
export interface ViewVersion<Item> {
  item: Item;
  version: Date;
}

/**
 * The version an owner's answer is kept under: its `updated_at` (whole seconds) is no later than
 * the event of that state, so that event and every later one still apply, and the answer never
 * replaces a newer version an event already wrote.
 */
export function ownerVersion(resource: { updated_at: number }): Date {
  return new Date(resource.updated_at * 1000);
}

/**
 * The one way a read model's rows are written, by events and by the owner's answers alike: a
 * row changes only for a version at least as new as the one it holds, and never once it is a
 * tombstone, so a late event cannot bring back a deleted resource. A deletion applies whatever
 * its version (deleted is final). Many items go in one statement.
 */
export class VersionedView<Item> {
  private readonly statement: string;
  private readonly goneStatement: string;

  constructor(private readonly definition: ViewTable<Item>) {
    const { key, columns } = definition;
    const bare = definition.table.split('.').pop()!;
    const updates = [...columns.map((column) => column.name).filter((name) => !key.includes(name)), 'deleted'].map(
      (name) => `${name} = EXCLUDED.${name}`,
    );
    const version = `source_updated_at = GREATEST(${bare}.source_updated_at, EXCLUDED.source_updated_at)`;
    this.statement = this.upsert(
      [...updates, version],
      `NOT ${bare}.deleted AND (EXCLUDED.deleted OR ${bare}.source_updated_at <= EXCLUDED.source_updated_at)`,
    );
    this.goneStatement = this.upsert(['deleted = true', version], `NOT ${bare}.deleted`);
  }

  /** Records live states (or tombstones, with `deleted`); of several versions of one item, the newest counts. */
  async record(on: EntityManager, versions: ReadonlyArray<ViewVersion<Item>>, deleted = false): Promise<void> {
    await this.write(this.statement, on, versions, deleted);
  }

  /** One item, live or a tombstone. */
  async recordOne(on: EntityManager, item: Item, version: Date, deleted = false): Promise<void> {
    await this.record(on, [{ item, version }], deleted);
  }

  /**
   * A tombstone for a deletion that does not carry the item's state (e.g. a contact merged into
   * another): a row held keeps its columns (past references still name it) and turns deleted;
   * an item never seen is inserted from `item` (its key, and whatever else is known).
   */
  async recordGone(on: EntityManager, item: Item, version: Date): Promise<void> {
    await this.write(this.goneStatement, on, [{ item, version }], true);
  }

  private upsert(updates: string[], when: string): string {
    const { table, key, columns, insertWhen } = this.definition;
    const names = columns.map((column) => column.name);
    const unnest = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ');
    return `INSERT INTO ${table} (${names.join(', ')}, deleted, source_updated_at)
      SELECT ${names.map((name) => `c.${name}`).join(', ')}, $${columns.length + 1}::bool, c.source_updated_at
        FROM unnest(${unnest}, $${columns.length + 2}::timestamptz[]) AS c(${names.join(', ')}, source_updated_at)
       ${insertWhen ? `WHERE ${insertWhen}` : ''}
      ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updates.join(', ')}
      WHERE ${when}`;
  }

  private async write(
    statement: string,
    on: EntityManager,
    versions: ReadonlyArray<ViewVersion<Item>>,
    deleted: boolean,
  ): Promise<void> {
    const newest = new Map<string, ViewVersion<Item>>();
    for (const entry of versions) {
      const id = this.keyOf(entry.item);
      const held = newest.get(id);
      if (!held || held.version <= entry.version) newest.set(id, entry);
    }
    const rows = [...newest.values()];
    if (rows.length === 0) return;
    const parameters: unknown[] = this.definition.columns.map((column) =>
      rows.map(({ item }) => encode(column.type, column.value(item))),
    );
    parameters.push(
      deleted,
      rows.map(({ version }) => version),
    );
    await on.query(statement, parameters);
  }

  private keyOf(item: Item): string {
    return this.definition.key
      .map((name) => String(this.definition.columns.find((column) => column.name === name)!.value(item)))
      .join('/');
  }
}

function encode(type: ViewColumnType, value: unknown): unknown {
  return type === 'jsonb' && value !== null && value !== undefined ? JSON.stringify(value) : (value ?? null);
}

/**
 * A read of a read model that asks the owner on a miss: `known` is the view's row (undefined
 * when the view never saw the item); a row of another account or a tombstone is final (ids are
 * never reused). A miss asks the owner, keeps its answer through `keep`, and shows it.
 */
export async function readThrough<Row, Item, Shown>(options: {
  known: Row | undefined;
  live: (row: Row) => boolean;
  show: (row: Row) => Shown;
  askOwner: () => Promise<Item | null>;
  keep: (item: Item) => Promise<void>;
  showAnswer: (item: Item) => Shown;
}): Promise<Shown | null> {
  const { known, live, show, askOwner, keep, showAnswer } = options;
  if (known !== undefined) return live(known) ? show(known) : null;
  const answer = await askOwner();
  if (answer === null) return null;
  await keep(answer);
  return showAnswer(answer);
}
