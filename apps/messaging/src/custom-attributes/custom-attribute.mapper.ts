import type { CustomAttributeDefinition } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { CustomAttributeDefinitionRow } from './persistence/custom-attribute-definition.row';

export function toDefinition(row: CustomAttributeDefinitionRow): CustomAttributeDefinition {
  return {
    id: row.id,
    account_id: row.account_id,
    attribute_display_name: row.attribute_display_name,
    attribute_display_type: row.attribute_display_type,
    attribute_description: row.attribute_description,
    attribute_key: row.attribute_key,
    attribute_values: row.attribute_values,
    attribute_model: row.attribute_model,
    regex_pattern: row.regex_pattern,
    regex_cue: row.regex_cue,
    default_value: row.default_value,
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
}
