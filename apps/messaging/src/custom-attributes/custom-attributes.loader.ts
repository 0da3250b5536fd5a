import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CustomAttributeDefinition } from '@parley/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** What a stored value is checked against. */
export type AttributeDefinitionRule = Pick<
  CustomAttributeDefinition,
  | 'attribute_key'
  | 'attribute_display_name'
  | 'attribute_display_type'
  | 'attribute_values'
  | 'regex_pattern'
  | 'regex_cue'
>;

/** Reads of the conversation attribute definitions that conversations need to check and filter values. */
@Injectable()
export class CustomAttributesLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  conversationRules(tx: EntityManager, accountId: number): Promise<AttributeDefinitionRule[]> {
    return tx.query(
      `SELECT attribute_key, attribute_display_name, attribute_display_type, attribute_values, regex_pattern, regex_cue
         FROM messaging.custom_attribute_definitions WHERE account_id = $1 AND attribute_model = 'conversation_attribute'`,
      [accountId],
    );
  }

  /** Each conversation attribute's display type, by key. */
  async conversationTypes(accountId: number): Promise<Map<string, string>> {
    const rows: Array<Pick<CustomAttributeDefinition, 'attribute_key' | 'attribute_display_type'>> =
      await this.dataSource.query(
        `SELECT attribute_key, attribute_display_type FROM messaging.custom_attribute_definitions
        WHERE account_id = $1 AND attribute_model = 'conversation_attribute'`,
        [accountId],
      );
    return new Map(rows.map((row) => [row.attribute_key, row.attribute_display_type]));
  }
}
