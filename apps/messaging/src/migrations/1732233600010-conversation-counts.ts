import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list's four counts without counting the account: every change of a conversation's
 * bucket (account, inbox, team, status, assignee) appends a +1/-1 row in the same transaction,
 * by trigger, so no write path (cascades, bulk updates, foreign-key actions) can miss one.
 * Appending never waits on another writer (a shared counter row would serialise them); the
 * compaction (ConversationCountsWorker) folds the rows of each account back into one per
 * bucket. Inserts and deletes are counted per statement (bulk-friendly), updates per row and
 * only when a bucket column really changed (a message's counter update costs nothing here).
 */
export class ConversationCounts1732233600010 implements MigrationInterface {
  name = 'ConversationCounts1732233600010';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE messaging.conversation_counts (
        account_id integer NOT NULL,
        inbox_id integer NOT NULL,
        team_id integer,
        status text NOT NULL,
        assignee_id integer,
        delta integer NOT NULL,
        settled boolean NOT NULL DEFAULT false
      )`);
    await runner.query(
      `CREATE INDEX conversation_counts_account_idx ON messaging.conversation_counts (account_id, status)`,
    );
    await runner.query(
      `CREATE INDEX conversation_counts_fresh_idx ON messaging.conversation_counts (account_id) WHERE NOT settled`,
    );
    await runner.query(`
      CREATE FUNCTION messaging.count_added_conversations() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO messaging.conversation_counts (account_id, inbox_id, team_id, status, assignee_id, delta)
        SELECT account_id, inbox_id, team_id, status, assignee_id, count(*) FROM added GROUP BY 1, 2, 3, 4, 5;
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE FUNCTION messaging.count_removed_conversations() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO messaging.conversation_counts (account_id, inbox_id, team_id, status, assignee_id, delta)
        SELECT account_id, inbox_id, team_id, status, assignee_id, -count(*) FROM removed GROUP BY 1, 2, 3, 4, 5;
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE FUNCTION messaging.count_moved_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO messaging.conversation_counts (account_id, inbox_id, team_id, status, assignee_id, delta)
        VALUES (OLD.account_id, OLD.inbox_id, OLD.team_id, OLD.status, OLD.assignee_id, -1),
               (NEW.account_id, NEW.inbox_id, NEW.team_id, NEW.status, NEW.assignee_id, 1);
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE TRIGGER conversations_counted_on_insert AFTER INSERT ON messaging.conversations
        REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION messaging.count_added_conversations()`);
    await runner.query(`
      CREATE TRIGGER conversations_counted_on_delete AFTER DELETE ON messaging.conversations
        REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION messaging.count_removed_conversations()`);
    await runner.query(`
      CREATE TRIGGER conversations_counted_on_update AFTER UPDATE OF account_id, inbox_id, team_id, status, assignee_id ON messaging.conversations
        FOR EACH ROW
        WHEN ((OLD.account_id, OLD.inbox_id, OLD.team_id, OLD.status, OLD.assignee_id) IS DISTINCT FROM (NEW.account_id, NEW.inbox_id, NEW.team_id, NEW.status, NEW.assignee_id))
        EXECUTE FUNCTION messaging.count_moved_conversation()`);
    // The conversations that exist already, counted once (the triggers above hold the table's lock until commit).
    await runner.query(`
      INSERT INTO messaging.conversation_counts (account_id, inbox_id, team_id, status, assignee_id, delta, settled)
      SELECT account_id, inbox_id, team_id, status, assignee_id, count(*), true FROM messaging.conversations GROUP BY 1, 2, 3, 4, 5`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER conversations_counted_on_update ON messaging.conversations`);
    await runner.query(`DROP TRIGGER conversations_counted_on_delete ON messaging.conversations`);
    await runner.query(`DROP TRIGGER conversations_counted_on_insert ON messaging.conversations`);
    await runner.query(`DROP FUNCTION messaging.count_moved_conversation()`);
    await runner.query(`DROP FUNCTION messaging.count_removed_conversations()`);
    await runner.query(`DROP FUNCTION messaging.count_added_conversations()`);
    await runner.query(`DROP TABLE messaging.conversation_counts`);
  }
}
