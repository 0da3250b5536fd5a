import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contacts as messaging knows them (from events), conversations, messages, attachments, auto-assignment state. */
export class ConversationsAndMessages1732233600003 implements MigrationInterface {
  name = 'ConversationsAndMessages1732233600003';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE messaging.contacts_view (
        id integer PRIMARY KEY,
        account_id integer NOT NULL REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        name text,
        email text,
        phone_number text,
        identifier text,
        thumbnail text,
        blocked boolean NOT NULL DEFAULT false,
        additional_attributes jsonb NOT NULL DEFAULT '{}',
        deleted boolean NOT NULL DEFAULT false,
        source_updated_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX contacts_view_account_idx ON messaging.contacts_view (account_id)`);
    await runner.query(`
      CREATE TABLE messaging.conversation_counters (
        account_id integer PRIMARY KEY REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        last_display_id integer NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE messaging.conversations (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        display_id integer NOT NULL,
        inbox_id integer NOT NULL REFERENCES messaging.inboxes (id) ON DELETE CASCADE,
        contact_id integer NOT NULL,
        source_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'resolved', 'pending', 'snoozed')),
        assignee_id integer REFERENCES messaging.users (id) ON DELETE SET NULL,
        team_id integer REFERENCES messaging.teams (id) ON DELETE SET NULL,
        priority text CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        labels text[] NOT NULL DEFAULT '{}',
        muted boolean NOT NULL DEFAULT false,
        snoozed_until timestamptz,
        custom_attributes jsonb NOT NULL DEFAULT '{}',
        additional_attributes jsonb NOT NULL DEFAULT '{}',
        campaign_id integer,
        messages_count integer NOT NULL DEFAULT 0,
        unread_count integer NOT NULL DEFAULT 0,
        last_message_id integer,
        last_non_activity_message_id integer,
        last_incoming_at timestamptz,
        agent_last_seen_at timestamptz,
        contact_last_seen_at timestamptz,
        last_activity_at timestamptz NOT NULL DEFAULT now(),
        waiting_since timestamptz,
        first_reply_created_at timestamptz,
        assigned_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (account_id, display_id)
      )`);
    await runner.query(
      `CREATE INDEX conversations_list_idx ON messaging.conversations (account_id, status, last_activity_at DESC, id DESC)`,
    );
    await runner.query(
      `CREATE INDEX conversations_activity_idx ON messaging.conversations (account_id, last_activity_at DESC, id DESC)`,
    );
    await runner.query(`CREATE INDEX conversations_inbox_idx ON messaging.conversations (inbox_id, status)`);
    await runner.query(
      `CREATE INDEX conversations_assignee_idx ON messaging.conversations (assignee_id, inbox_id, status) WHERE assignee_id IS NOT NULL`,
    );
    await runner.query(
      `CREATE INDEX conversations_team_idx ON messaging.conversations (account_id, team_id) WHERE team_id IS NOT NULL`,
    );
    await runner.query(`CREATE INDEX conversations_labels_idx ON messaging.conversations USING gin (labels)`);
    await runner.query(`CREATE INDEX conversations_contact_idx ON messaging.conversations (account_id, contact_id)`);
    await runner.query(
      `CREATE INDEX conversations_snoozed_idx ON messaging.conversations (snoozed_until) WHERE status = 'snoozed' AND snoozed_until IS NOT NULL`,
    );
    await runner.query(
      `CREATE INDEX conversations_waiting_idx ON messaging.conversations (inbox_id, created_at) WHERE status = 'open' AND assignee_id IS NULL`,
    );
    await runner.query(`
      CREATE TABLE messaging.messages (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        conversation_id integer NOT NULL REFERENCES messaging.conversations (id) ON DELETE CASCADE,
        inbox_id integer NOT NULL,
        content text,
        message_type text NOT NULL CHECK (message_type IN ('incoming', 'outgoing', 'activity', 'template')),
        content_type text NOT NULL DEFAULT 'text',
        content_attributes jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'sent',
        private boolean NOT NULL DEFAULT false,
        source_id text,
        echo_id text,
        sender_type text CHECK (sender_type IN ('contact', 'user', 'agent_bot')),
        sender_id integer,
        external_error text,
        template_params jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX messages_conversation_idx ON messaging.messages (conversation_id, id)`);
    await runner.query(
      `CREATE UNIQUE INDEX messages_source_id_key ON messaging.messages (conversation_id, source_id) WHERE source_id IS NOT NULL`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX messages_echo_id_key ON messaging.messages (conversation_id, echo_id) WHERE echo_id IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE messaging.attachments (
        id serial PRIMARY KEY,
        message_id integer NOT NULL REFERENCES messaging.messages (id) ON DELETE CASCADE,
        account_id integer NOT NULL,
        file_type text NOT NULL,
        extension text,
        content_type text NOT NULL,
        file_name text NOT NULL,
        file_size integer NOT NULL,
        storage_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX attachments_message_idx ON messaging.attachments (message_id)`);
    await runner.query(`
      CREATE TABLE messaging.assignment_rotation (
        inbox_id integer NOT NULL REFERENCES messaging.inboxes (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES messaging.users (id) ON DELETE CASCADE,
        last_assigned_at timestamptz NOT NULL,
        PRIMARY KEY (inbox_id, user_id)
      )`);
    await runner.query(`
      CREATE TABLE messaging.channel_deliveries (
        id serial PRIMARY KEY,
        message_id integer NOT NULL REFERENCES messaging.messages (id) ON DELETE CASCADE,
        channel_type text NOT NULL,
        recipient text,
        content text,
        outcome text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'channel_deliveries',
      'assignment_rotation',
      'attachments',
      'messages',
      'conversations',
      'conversation_counters',
      'contacts_view',
    ]) {
      await runner.query(`DROP TABLE IF EXISTS messaging.${table}`);
    }
  }
}
