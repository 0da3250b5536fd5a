/** Display types in the order of their integer codes (`text` = 0 … `checkbox` = 7). */
export const ATTRIBUTE_DISPLAY_TYPES = [
  'text',
  'number',
  'currency',
  'percent',
  'link',
  'date',
  'list',
  'checkbox',
] as const;
export type AttributeDisplayType = (typeof ATTRIBUTE_DISPLAY_TYPES)[number];

/** Models in the order of their integer codes (`conversation_attribute` = 0, `contact_attribute` = 1). */
export const ATTRIBUTE_MODELS = ['conversation_attribute', 'contact_attribute'] as const;
export type AttributeModel = (typeof ATTRIBUTE_MODELS)[number];

/** What a custom attribute holds: text, a number or a checkbox's boolean. */
export type AttributeValue = string | number | boolean;

export interface CustomAttributeDefinition {
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
  /** Checked against the display type like a value; null when there is none. */
  default_value: AttributeValue | null;
  created_at: number;
  updated_at: number;
}

/** Enums arrive as their integer code or their name. */
export interface CreateCustomAttributeDefinitionInput {
  attribute_display_name: string;
  attribute_display_type: AttributeDisplayType | number;
  attribute_model: AttributeModel | number;
  attribute_description?: string | null;
  attribute_key?: string | null;
  attribute_values?: string[] | null;
  regex_pattern?: string | null;
  regex_cue?: string | null;
  default_value?: unknown;
}

export type UpdateCustomAttributeDefinitionInput = Partial<CreateCustomAttributeDefinitionInput>;
