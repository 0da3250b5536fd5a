import { ApiProperty } from '@nestjs/swagger';
import {
  ATTRIBUTE_DISPLAY_TYPES,
  ATTRIBUTE_MODELS,
  type AttributeDisplayType,
  type AttributeModel,
  type AttributeValue,
  type CustomAttributeDefinition,
} from '@parley/contracts';

export class CustomAttributeDefinitionView implements CustomAttributeDefinition {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() attribute_display_name: string;
  @ApiProperty({ enum: ATTRIBUTE_DISPLAY_TYPES }) attribute_display_type: AttributeDisplayType;
  @ApiProperty({ type: String, nullable: true }) attribute_description: string | null;
  @ApiProperty() attribute_key: string;
  @ApiProperty({ type: [String], description: 'The choices of a list; empty otherwise' }) attribute_values: string[];
  @ApiProperty({ enum: ATTRIBUTE_MODELS }) attribute_model: AttributeModel;
  @ApiProperty({ type: String, nullable: true }) regex_pattern: string | null;
  @ApiProperty({ type: String, nullable: true }) regex_cue: string | null;
  @ApiProperty({ oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }] })
  default_value: AttributeValue | null;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
}
