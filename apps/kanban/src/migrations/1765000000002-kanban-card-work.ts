import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Work on cards: checklist items, notes (their text searchable with the card) and attachments (files in the shared storage). */
export class KanbanCardWork1765000000002 implements MigrationInterface {
  name = 'KanbanCardWork1765000000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE kanban.checklist_items (
        id serial PRIMARY KEY,
        card_id integer NOT NULL REFERENCES kanban.cards (id) ON DELETE CASCADE,
        account_id integer NOT NULL,
        text text NOT NULL,
        due_date date,
        priority text CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        agent_id integer,
        completed boolean NOT NULL DEFAULT false,
        completed_at timestamptz,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX checklist_items_card_idx ON kanban.checklist_items (card_id, position)`);
    await runner.query(`CREATE INDEX checklist_items_account_idx ON kanban.checklist_items (account_id)`);
    await runner.query(
      `CREATE INDEX checklist_items_text_idx ON kanban.checklist_items USING gin (to_tsvector('simple', text))`,
    );
    await runner.query(`
      CREATE TABLE kanban.notes (
        id serial PRIMARY KEY,
        card_id integer NOT NULL REFERENCES kanban.cards (id) ON DELETE CASCADE,
        account_id integer NOT NULL,
        text text NOT NULL,
        attachment_ids integer[] NOT NULL DEFAULT '{}',
        linked_item_id integer,
        linked_conversation_id integer,
        linked_contact_id integer,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX notes_card_idx ON kanban.notes (card_id, id)`);
    await runner.query(`CREATE INDEX notes_text_idx ON kanban.notes USING gin (to_tsvector('simple', text))`);
    await runner.query(`
      CREATE TABLE kanban.attachments (
        id serial PRIMARY KEY,
        card_id integer NOT NULL REFERENCES kanban.cards (id) ON DELETE CASCADE,
        account_id integer NOT NULL,
        note_id integer REFERENCES kanban.notes (id) ON DELETE CASCADE,
        storage_key text NOT NULL,
        file_name text NOT NULL,
        content_type text NOT NULL,
        file_size integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX attachments_card_idx ON kanban.attachments (card_id, id)`);
    // However an attachment row goes (its own delete, or its card's, note's or funnel's), its file
    // is queued for removal in the same transaction; a worker removes the files.
    await runner.query(
      `CREATE TABLE kanban.file_removals (id bigserial PRIMARY KEY, storage_key text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await runner.query(`
      CREATE FUNCTION kanban.queue_file_removal() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO kanban.file_removals (storage_key) VALUES (OLD.storage_key);
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER attachments_file_removal AFTER DELETE ON kanban.attachments FOR EACH ROW EXECUTE FUNCTION kanban.queue_file_removal()`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE kanban.attachments');
    await runner.query('DROP FUNCTION kanban.queue_file_removal()');
    await runner.query('DROP TABLE kanban.file_removals');
    await runner.query('DROP TABLE kanban.notes');
    await runner.query('DROP TABLE kanban.checklist_items');
  }
}
