import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChannelType, CustomAttributeDefinition } from '@parley/contracts';
import { customAttributeProblems, ValidationFailedError } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';

export interface InboxView {
  id: number;
  name: string;
  channel_type: ChannelType;
}

/** Reads of the copies kept by WorkspaceViewConsumer. */
@Injectable()
export class WorkspaceView {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async inbox(accountId: number, inboxId: number, tx?: EntityManager): Promise<InboxView | null> {
    const [inbox]: InboxView[] = await (tx ?? this.dataSource).query(
      'SELECT id, name, channel_type FROM contacts.inboxes_view WHERE id = $1 AND account_id = $2 AND NOT deleted',
      [inboxId, accountId],
    );
    return inbox ?? null;
  }

  async inboxes(accountId: number): Promise<InboxView[]> {
    return this.dataSource.query('SELECT id, name, channel_type FROM contacts.inboxes_view WHERE account_id = $1 AND NOT deleted ORDER BY id', [accountId]);
  }

  async contactDefinitions(accountId: number, tx?: EntityManager): Promise<CustomAttributeDefinition[]> {
    const rows: Array<{ definition: CustomAttributeDefinition }> = await (tx ?? this.dataSource).query(
      `SELECT definition FROM contacts.attribute_definitions_view
        WHERE account_id = $1 AND NOT deleted AND definition ->> 'attribute_model' = 'contact_attribute'`,
      [accountId],
    );
    return rows.map((row) => row.definition);
  }

  /** Checks custom attributes against the account's contact attribute definitions (422 naming each). */
  async assertValidAttributes(accountId: number, attributes: Record<string, unknown>, tx?: EntityManager): Promise<void> {
    const problems = customAttributeProblems(await this.contactDefinitions(accountId, tx), attributes);
    const keys = Object.keys(problems);
    if (keys.length) throw new ValidationFailedError(keys.map((key) => problems[key]).join('; '), keys.map((key) => `custom_attributes.${key}`));
  }
}
