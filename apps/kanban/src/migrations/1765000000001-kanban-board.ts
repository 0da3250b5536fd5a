import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The board: configuration per account, funnels and their stages, cards with their stage-time
 * history, the round-robin state of auto-assignment, and the copies of messaging's
 * conversations and agents that cards refer to.
 */
export class KanbanBoard1765000000001 implements MigrationInterface {
  name = 'KanbanBoard1765000000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE kanban.kanban_configs (
        account_id integer PRIMARY KEY,
        enabled boolean NOT NULL DEFAULT true,
        webhook_url text,
        webhook_secret text,
        webhook_events text[] NOT NULL DEFAULT '{}',
        options jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE kanban.funnels (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        name text NOT NULL,
        description text,
        active boolean NOT NULL DEFAULT true,
        is_default boolean NOT NULL DEFAULT false,
        settings jsonb NOT NULL DEFAULT '{}',
        global_custom_attributes jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX funnels_account_idx ON kanban.funnels (account_id, id)`);
    await runner.query(`CREATE UNIQUE INDEX funnels_one_default_key ON kanban.funnels (account_id) WHERE is_default`);
    await runner.query(`
      CREATE TABLE kanban.stages (
        funnel_id integer NOT NULL REFERENCES kanban.funnels (id) ON DELETE CASCADE,
        key text NOT NULL,
        name text NOT NULL,
        color text NOT NULL,
        position integer NOT NULL,
        description text,
        PRIMARY KEY (funnel_id, key)
      )`);
    await runner.query(`
      CREATE TABLE kanban.cards (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        funnel_id integer NOT NULL REFERENCES kanban.funnels (id) ON DELETE CASCADE,
        stage_key text NOT NULL,
        position integer NOT NULL,
        conversation_display_id integer,
        assigned_agents integer[] NOT NULL DEFAULT '{}',
        title text NOT NULL,
        description text,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost')),
        priority text CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        value double precision,
        currency jsonb,
        custom_attributes jsonb NOT NULL DEFAULT '{}',
        stage_entered_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(description, ''))) STORED,
        FOREIGN KEY (funnel_id, stage_key) REFERENCES kanban.stages (funnel_id, key),
        -- Checked at commit, so a reorder may shift positions within its transaction.
        CONSTRAINT cards_position_key UNIQUE (funnel_id, stage_key, position) DEFERRABLE INITIALLY DEFERRED
      )`);
    await runner.query(`CREATE INDEX cards_account_idx ON kanban.cards (account_id, id)`);
    await runner.query(`CREATE INDEX cards_funnel_created_idx ON kanban.cards (funnel_id, created_at)`);
    await runner.query(
      `CREATE INDEX cards_conversation_idx ON kanban.cards (account_id, conversation_display_id) WHERE conversation_display_id IS NOT NULL`,
    );
    await runner.query(`CREATE INDEX cards_agents_idx ON kanban.cards USING gin (assigned_agents)`);
    await runner.query(`CREATE INDEX cards_search_idx ON kanban.cards USING gin (search)`);
    await runner.query(`CREATE INDEX cards_priority_idx ON kanban.cards (funnel_id, priority)`);
    // Cards and value per stage, kept by the database itself on every insert, move, value change
    // and delete (imports and cascades included), so the board and stage_stats never count rows.
    await runner.query(`
      CREATE TABLE kanban.stage_counters (
        funnel_id integer NOT NULL,
        stage_key text NOT NULL,
        cards integer NOT NULL DEFAULT 0,
        total_value numeric NOT NULL DEFAULT 0,
        PRIMARY KEY (funnel_id, stage_key)
      )`);
    await runner.query(`
      CREATE FUNCTION kanban.count_stage_cards() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE kanban.stage_counters SET cards = cards - 1, total_value = total_value - coalesce(OLD.value, 0)::numeric
           WHERE funnel_id = OLD.funnel_id AND stage_key = OLD.stage_key;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO kanban.stage_counters (funnel_id, stage_key, cards, total_value) VALUES (NEW.funnel_id, NEW.stage_key, 1, coalesce(NEW.value, 0)::numeric)
          ON CONFLICT (funnel_id, stage_key) DO UPDATE SET cards = stage_counters.cards + 1, total_value = stage_counters.total_value + EXCLUDED.total_value;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER cards_counted_insert_delete AFTER INSERT OR DELETE ON kanban.cards FOR EACH ROW EXECUTE FUNCTION kanban.count_stage_cards()`,
    );
    await runner.query(`
      CREATE TRIGGER cards_counted_update AFTER UPDATE OF funnel_id, stage_key, value ON kanban.cards FOR EACH ROW
      WHEN (OLD.funnel_id IS DISTINCT FROM NEW.funnel_id OR OLD.stage_key IS DISTINCT FROM NEW.stage_key OR OLD.value IS DISTINCT FROM NEW.value)
      EXECUTE FUNCTION kanban.count_stage_cards()`);
    await runner.query(`
      CREATE TABLE kanban.card_stage_visits (
        id bigserial PRIMARY KEY,
        card_id integer NOT NULL REFERENCES kanban.cards (id) ON DELETE CASCADE,
        account_id integer NOT NULL,
        funnel_id integer NOT NULL,
        stage_key text NOT NULL,
        entered_at timestamptz NOT NULL,
        left_at timestamptz
      )`);
    await runner.query(`CREATE INDEX card_stage_visits_card_idx ON kanban.card_stage_visits (card_id, entered_at)`);
    await runner.query(`CREATE INDEX card_stage_visits_stage_idx ON kanban.card_stage_visits (funnel_id, stage_key)`);
    await runner.query(`
      CREATE TABLE kanban.agent_assignments (
        account_id integer NOT NULL,
        user_id integer NOT NULL,
        last_assigned_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, user_id)
      )`);
    await runner.query(`
      CREATE TABLE kanban.conversations_view (
        account_id integer NOT NULL,
        display_id integer NOT NULL,
        inbox_id integer,
        deleted boolean NOT NULL DEFAULT false,
        source_updated_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, display_id)
      )`);
    await runner.query(`
      CREATE TABLE kanban.agents_view (
        account_id integer NOT NULL,
        user_id integer NOT NULL,
        availability_status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        source_updated_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, user_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TRIGGER cards_counted_update ON kanban.cards');
    await runner.query('DROP TRIGGER cards_counted_insert_delete ON kanban.cards');
    await runner.query('DROP FUNCTION kanban.count_stage_cards()');
    for (const table of [
      'agents_view',
      'conversations_view',
      'agent_assignments',
      'card_stage_visits',
      'stage_counters',
      'cards',
      'stages',
      'funnels',
      'kanban_configs',
    ]) {
      await runner.query(`DROP TABLE kanban.${table}`);
    }
  }
}
