import { ownerVersion, readThrough, VersionedView } from '@parley/service-kit';
import { readE2eState } from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';

interface Widget {
  id: number;
  account_id: number;
  name: string;
  extra: Record<string, unknown> | null;
}

/** The kit's read-model writer against real PostgreSQL, in a schema of this file's own. */
describe('VersionedView (kit)', () => {
  const schema = `kit_view_${randomBytes(4).toString('hex')}`;
  let db: DataSource;
  let view: VersionedView<Widget>;

  const rows = async () =>
    (await db.query(
      `SELECT id, account_id, name, extra, deleted, source_updated_at FROM ${schema}.widgets_view ORDER BY id`,
    )) as Array<Widget & { deleted: boolean; source_updated_at: Date }>;
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: readE2eState().databaseUrl });
    await db.initialize();
    await db.query(`CREATE SCHEMA ${schema}`);
    await db.query(`CREATE TABLE ${schema}.accounts (id int PRIMARY KEY)`);
    await db.query(`INSERT INTO ${schema}.accounts VALUES (1)`);
    await db.query(
      `CREATE TABLE ${schema}.widgets_view (id int PRIMARY KEY, account_id int NOT NULL, name text, extra jsonb,
        deleted boolean NOT NULL DEFAULT false, source_updated_at timestamptz NOT NULL)`,
    );
    view = new VersionedView<Widget>({
      table: `${schema}.widgets_view`,
      key: ['id'],
      columns: [
        { name: 'id', type: 'int', value: (w) => w.id },
        { name: 'account_id', type: 'int', value: (w) => w.account_id },
        { name: 'name', type: 'text', value: (w) => w.name },
        { name: 'extra', type: 'jsonb', value: (w) => w.extra },
      ],
      insertWhen: `EXISTS (SELECT 1 FROM ${schema}.accounts a WHERE a.id = c.account_id)`,
    });
  });

  afterAll(async () => {
    await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await db.destroy();
  });

  it('keeps the newest version: an older one arriving late changes nothing', async () => {
    await view.recordOne(db.manager, { id: 1, account_id: 1, name: 'new', extra: { a: 1 } }, at(10));
    await view.recordOne(db.manager, { id: 1, account_id: 1, name: 'old', extra: null }, at(5));
    await view.recordOne(db.manager, { id: 1, account_id: 1, name: 'same second', extra: { a: 2 } }, at(10));
    const [row] = await rows();
    expect(row).toMatchObject({ id: 1, name: 'same second', extra: { a: 2 }, deleted: false });
  });

  it('takes the newest of several versions of one item in one statement', async () => {
    await view.record(db.manager, [
      { item: { id: 2, account_id: 1, name: 'b2', extra: null }, version: at(20) },
      { item: { id: 2, account_id: 1, name: 'b1', extra: null }, version: at(15) },
      { item: { id: 3, account_id: 1, name: 'c', extra: null }, version: at(15) },
    ]);
    expect((await rows()).filter((row) => row.id !== 1).map((row) => [row.id, row.name])).toEqual([
      [2, 'b2'],
      [3, 'c'],
    ]);
  });

  it('keeps a tombstone for good: a later live version does not bring the item back', async () => {
    await view.recordOne(db.manager, { id: 3, account_id: 1, name: 'c gone', extra: null }, at(30), true);
    await view.recordOne(db.manager, { id: 3, account_id: 1, name: 'c again', extra: null }, at(40));
    const row = (await rows()).find((r) => r.id === 3)!;
    expect(row).toMatchObject({ name: 'c gone', deleted: true });
  });

  it('applies a deletion even when it carries an older version than the row', async () => {
    await view.recordOne(db.manager, { id: 2, account_id: 1, name: 'b gone', extra: null }, at(1), true);
    const row = (await rows()).find((r) => r.id === 2)!;
    expect(row).toMatchObject({ deleted: true, source_updated_at: at(20) });
  });

  it('buries an item by key alone: a held row keeps its columns, an unseen one is inserted as given', async () => {
    await view.recordOne(db.manager, { id: 6, account_id: 1, name: 'f', extra: { kept: true } }, at(20));
    await view.recordGone(db.manager, { id: 6, account_id: 1, name: '', extra: null }, at(10));
    await view.recordGone(db.manager, { id: 7, account_id: 1, name: 'g', extra: null }, at(10));
    await view.recordOne(db.manager, { id: 7, account_id: 1, name: 'g back', extra: null }, at(30));
    const buried = (await rows()).filter((row) => row.id === 6 || row.id === 7);
    expect(buried).toEqual([
      expect.objectContaining({ id: 6, name: 'f', extra: { kept: true }, deleted: true, source_updated_at: at(20) }),
      expect.objectContaining({ id: 7, name: 'g', deleted: true, source_updated_at: at(10) }),
    ]);
  });

  it('inserts nothing for an account the condition refuses', async () => {
    await view.recordOne(db.manager, { id: 9, account_id: 2, name: 'stray', extra: null }, at(1));
    expect((await rows()).some((row) => row.id === 9)).toBe(false);
  });

  it('reads through: a miss asks the owner and keeps the answer at its version; a tombstone is final', async () => {
    const find = async (id: number, owner: Widget | null) => {
      const [known] = (await db.query(
        `SELECT id, account_id, name, deleted FROM ${schema}.widgets_view WHERE id = $1`,
        [id],
      )) as Array<Widget & { deleted: boolean }>;
      let asked = 0;
      const shown = await readThrough({
        known,
        live: (row) => row.account_id === 1 && !row.deleted,
        show: (row) => row.name,
        askOwner: async () => {
          asked++;
          return owner;
        },
        keep: (item) => view.recordOne(db.manager, item, ownerVersion({ updated_at: 50 })),
        showAnswer: (item) => item.name,
      });
      return { shown, asked };
    };
    expect(await find(4, { id: 4, account_id: 1, name: 'fresh', extra: null })).toEqual({ shown: 'fresh', asked: 1 });
    expect(await find(4, null)).toEqual({ shown: 'fresh', asked: 0 });
    expect(await find(3, { id: 3, account_id: 1, name: 'ignored', extra: null })).toEqual({ shown: null, asked: 0 });
    expect(await find(5, null)).toEqual({ shown: null, asked: 1 });
  });
});
