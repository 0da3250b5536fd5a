import type { AttributeDisplayType, AttributeModel, AttributeValue } from '@parley/contracts';

/** @owns messaging.custom_attribute_definitions */

/** A `custom_attribute_definitions` row. */
export interface CustomAttributeDefinitionRow {
  id: number;
  account_id: number;
  attribute_display_name: string;
  attribute_display_type: AttributeDisplayType;
  attribute_description: string | null;
  attribute_key: string;
  attribute_values: string[];
  attribute_model: AttributeModel;
  regex_pattern: string | null;
  regex_cue: string | null;
  default_value: AttributeValue | null;
  created_at: Date;
  updated_at: Date;
}

export const CUSTOM_ATTRIBUTE_DEFINITION_COLUMNS = `id, account_id, attribute_display_name, attribute_display_type, attribute_description,
  attribute_key, attribute_values, attribute_model, regex_pattern, regex_cue, default_value, created_at, updated_at`;
