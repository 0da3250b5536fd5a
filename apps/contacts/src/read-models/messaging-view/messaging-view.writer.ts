import { Injectable } from '@nestjs/common';
import type { CustomAttributeDefinition, InboxSnapshot } from '@parley/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The one way rows of the view are written, by events and by answers asked of messaging alike:
 * a row changes only for a version at least as new as the one it holds, and never once it is a
 * tombstone (so a late update cannot resurrect a deleted inbox or definition).
 */
@Injectable()
export class MessagingViewWriter {
  async upsertInbox(tx: EntityManager, inbox: InboxSnapshot, version: Date, deleted: boolean): Promise<void> {
    await tx.query(
      `INSERT INTO contacts.inboxes_view (id, account_id, name, channel_type, snapshot, deleted, source_updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, channel_type = EXCLUDED.channel_type, snapshot = EXCLUDED.snapshot,
         deleted = EXCLUDED.deleted, source_updated_at = EXCLUDED.source_updated_at
       WHERE inboxes_view.source_updated_at <= EXCLUDED.source_updated_at AND NOT inboxes_view.deleted`,
      [inbox.id, inbox.account_id, inbox.name, inbox.channel_type, JSON.stringify(inbox), deleted, version],
    );
  }

  async upsertDefinition(tx: EntityManager, definition: CustomAttributeDefinition, version: Date, deleted: boolean): Promise<void> {
    await this.upsertDefinitions(tx, [{ definition, version }], deleted);
  }

  /** Many definitions in one statement (distinct ids: an upsert may not touch a row twice). */
  async upsertDefinitions(tx: EntityManager, versions: Array<{ definition: CustomAttributeDefinition; version: Date }>, deleted: boolean): Promise<void> {
    if (versions.length === 0) return;
    await tx.query(
      `INSERT INTO contacts.attribute_definitions_view (id, account_id, definition, deleted, source_updated_at)
       SELECT d.id, d.account_id, d.definition, $4, d.source_updated_at FROM unnest($1::int[], $2::int[], $3::jsonb[], $5::timestamptz[])
              AS d(id, account_id, definition, source_updated_at)
       ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition, deleted = EXCLUDED.deleted, source_updated_at = EXCLUDED.source_updated_at
       WHERE attribute_definitions_view.source_updated_at <= EXCLUDED.source_updated_at AND NOT attribute_definitions_view.deleted`,
      [
        versions.map(({ definition }) => definition.id),
        versions.map(({ definition }) => definition.account_id),
        versions.map(({ definition }) => JSON.stringify(definition)),
        deleted,
        versions.map(({ version }) => version),
      ],
    );
  }

  /** Forgets a deleted account's inboxes and definitions. */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM contacts.inboxes_view WHERE account_id = $1', [accountId]);
    await tx.query('DELETE FROM contacts.attribute_definitions_view WHERE account_id = $1', [accountId]);
  }
}
