import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ATTRIBUTE_DISPLAY_TYPES,
  ATTRIBUTE_MODELS,
  type AttributeDisplayType,
  type AttributeModel,
  type CreateCustomAttributeDefinitionInput,
} from '@parley/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsNameOrCode } from '../http/tolerant-input.decorators';

/** Query strings carry codes as text: "1" means 1. */
const codeFromQuery = Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value));

export class CreateCustomAttributeDefinitionDto implements CreateCustomAttributeDefinitionInput {
  @ApiProperty({ example: 'Customer Tier' }) @IsString() @IsNotEmpty() @MaxLength(255) attribute_display_name: string;

  @ApiProperty({ description: `${ATTRIBUTE_DISPLAY_TYPES.join(', ')} or 0–7` })
  @IsNameOrCode(ATTRIBUTE_DISPLAY_TYPES)
  attribute_display_type: AttributeDisplayType | number;

  @ApiProperty({ description: '0 or conversation_attribute, 1 or contact_attribute' })
  @IsNameOrCode(ATTRIBUTE_MODELS)
  attribute_model: AttributeModel | number;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(10_000) attribute_description?: string | null;
  @ApiPropertyOptional({ description: 'A slug of the display name when omitted' }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(255) attribute_key?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'Required for list, refused otherwise' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  attribute_values?: string[] | null;

  @ApiPropertyOptional({ nullable: true, description: 'Text attributes only' }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(1000) regex_pattern?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(1000) regex_cue?: string | null;
}

export class UpdateCustomAttributeDefinitionDto extends PartialType(CreateCustomAttributeDefinitionDto) {}

export class CustomAttributeQueryDto {
  @ApiPropertyOptional({ description: '0 / conversation_attribute or 1 / contact_attribute' })
  @codeFromQuery
  @IsOptional()
  @IsNameOrCode(ATTRIBUTE_MODELS)
  attribute_model?: AttributeModel | number;
}
