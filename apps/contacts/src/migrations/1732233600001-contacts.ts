import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contacts, their inbox links, notes and imports, and the copies of inboxes and attribute definitions kept from events. */
export class Contacts1732233600001 implements MigrationInterface {
  name = 'Contacts1732233600001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE contacts.contacts (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        name text,
        email text,
        phone_number text,
        identifier text,
        avatar_url text,
        blocked boolean NOT NULL DEFAULT false,
        additional_attributes jsonb NOT NULL DEFAULT '{}',
        custom_attributes jsonb NOT NULL DEFAULT '{}',
        labels text[] NOT NULL DEFAULT '{}',
        last_activity_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Words of the searchable fields (the e-mail also split at @ and dots), for indexed prefix search.
        search_vector tsvector GENERATED ALWAYS AS (
          to_tsvector('simple',
            coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || translate(coalesce(email, ''), '@.', '  ') || ' ' ||
            coalesce(phone_number, '') || ' ' || coalesce(identifier, ''))
        ) STORED
      )`);
    await runner.query(
      `CREATE UNIQUE INDEX contacts_email_key ON contacts.contacts (account_id, lower(email)) WHERE email IS NOT NULL`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX contacts_phone_key ON contacts.contacts (account_id, phone_number) WHERE phone_number IS NOT NULL`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX contacts_identifier_key ON contacts.contacts (account_id, identifier) WHERE identifier IS NOT NULL`,
    );
    await runner.query(
      `CREATE INDEX contacts_account_created_idx ON contacts.contacts (account_id, created_at DESC, id DESC)`,
    );
    await runner.query(`CREATE INDEX contacts_account_name_idx ON contacts.contacts (account_id, lower(name))`);
    await runner.query(
      `CREATE INDEX contacts_account_activity_idx ON contacts.contacts (account_id, last_activity_at DESC NULLS LAST)`,
    );
    await runner.query(`CREATE INDEX contacts_labels_idx ON contacts.contacts USING gin (labels)`);
    await runner.query(`CREATE INDEX contacts_search_idx ON contacts.contacts USING gin (search_vector)`);
    await runner.query(`
      CREATE TABLE contacts.contact_inboxes (
        id serial PRIMARY KEY,
        contact_id integer NOT NULL REFERENCES contacts.contacts (id) ON DELETE CASCADE,
        account_id integer NOT NULL,
        inbox_id integer NOT NULL,
        source_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (inbox_id, source_id)
      )`);
    await runner.query(`CREATE INDEX contact_inboxes_contact_idx ON contacts.contact_inboxes (contact_id)`);
    await runner.query(`
      CREATE TABLE contacts.notes (
        id serial PRIMARY KEY,
        contact_id integer NOT NULL REFERENCES contacts.contacts (id) ON DELETE CASCADE,
        account_id integer NOT NULL,
        user_id integer,
        content text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX notes_contact_idx ON contacts.notes (contact_id, created_at DESC)`);
    await runner.query(`
      CREATE TABLE contacts.inboxes_view (
        id integer PRIMARY KEY,
        account_id integer NOT NULL,
        name text NOT NULL,
        channel_type text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        source_updated_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE contacts.attribute_definitions_view (
        id integer PRIMARY KEY,
        account_id integer NOT NULL,
        definition jsonb NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        source_updated_at timestamptz NOT NULL
      )`);
    await runner.query(
      `CREATE INDEX attribute_definitions_view_account_idx ON contacts.attribute_definitions_view (account_id)`,
    );
    await runner.query(`
      CREATE TABLE contacts.imports (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        file_key text NOT NULL,
        rows_total integer,
        processed integer NOT NULL DEFAULT 0,
        created integer NOT NULL DEFAULT 0,
        updated integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        failure_reason text,
        errors_file_key text,
        locked_until timestamptz,
        started_at timestamptz,
        finished_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX imports_pending_idx ON contacts.imports (id) WHERE status IN ('queued', 'running')`,
    );
    await runner.query(`
      CREATE TABLE contacts.import_errors (
        import_id integer NOT NULL REFERENCES contacts.imports (id) ON DELETE CASCADE,
        row_number integer NOT NULL,
        row_data json NOT NULL, -- json, not jsonb: keeps the columns in their CSV order
        errors text NOT NULL,
        PRIMARY KEY (import_id, row_number)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'import_errors',
      'imports',
      'attribute_definitions_view',
      'inboxes_view',
      'notes',
      'contact_inboxes',
      'contacts',
    ]) {
      await runner.query(`DROP TABLE IF EXISTS contacts.${table}`);
    }
  }
}
