import { Injectable } from '@nestjs/common';
import type { CustomAttributeDefinition, InboxSnapshot } from '@parley/contracts';
import { VersionedView } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';

/** The one way rows of the view are written, by events and by answers asked of messaging alike (see VersionedView). */
@Injectable()
export class MessagingViewWriter {
  readonly inboxes = new VersionedView<InboxSnapshot>({
    table: 'contacts.inboxes_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (inbox) => inbox.id },
      { name: 'account_id', type: 'int', value: (inbox) => inbox.account_id },
      { name: 'name', type: 'text', value: (inbox) => inbox.name },
      { name: 'channel_type', type: 'text', value: (inbox) => inbox.channel_type },
      { name: 'snapshot', type: 'jsonb', value: (inbox) => inbox },
    ],
  });

  readonly definitions = new VersionedView<CustomAttributeDefinition>({
    table: 'contacts.attribute_definitions_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (definition) => definition.id },
      { name: 'account_id', type: 'int', value: (definition) => definition.account_id },
      { name: 'definition', type: 'jsonb', value: (definition) => definition },
    ],
  });

  /** Forgets a deleted account's inboxes and definitions. */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM contacts.inboxes_view WHERE account_id = $1', [accountId]);
    await tx.query('DELETE FROM contacts.attribute_definitions_view WHERE account_id = $1', [accountId]);
  }
}
