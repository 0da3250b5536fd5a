import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CustomAttributeDefinition, LinkedInbox } from '@parley/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AttributeDefinitionViewRow } from './persistence/attribute-definition-view.row';
import { toLinkedInbox } from './linked-inbox.mapper';
import type { InboxView } from './persistence/inbox-view.row';

/** Reads of the copies kept by MessagingViewConsumer. */
@Injectable()
export class MessagingViewLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async inbox(accountId: number, inboxId: number, tx?: EntityManager): Promise<LinkedInbox | null> {
    const [inbox]: InboxView[] = await (tx ?? this.dataSource).query(
      'SELECT id, name, channel_type, snapshot FROM contacts.inboxes_view WHERE id = $1 AND account_id = $2 AND NOT deleted',
      [inboxId, accountId],
    );
    return inbox ? toLinkedInbox(inbox) : null;
  }

  async inboxes(accountId: number): Promise<LinkedInbox[]> {
    const rows: InboxView[] = await this.dataSource.query(
      'SELECT id, name, channel_type, snapshot FROM contacts.inboxes_view WHERE account_id = $1 AND NOT deleted ORDER BY id',
      [accountId],
    );
    return rows.map(toLinkedInbox);
  }

  async contactDefinitions(accountId: number, tx?: EntityManager): Promise<CustomAttributeDefinition[]> {
    const rows: AttributeDefinitionViewRow[] = await (tx ?? this.dataSource).query(
      `SELECT definition FROM contacts.attribute_definitions_view
        WHERE account_id = $1 AND NOT deleted AND definition ->> 'attribute_model' = 'contact_attribute'`,
      [accountId],
    );
    return rows.map((row) => row.definition);
  }
}
