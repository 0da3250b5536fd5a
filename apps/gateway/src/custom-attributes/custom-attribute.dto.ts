import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ATTRIBUTE_DISPLAY_TYPES,
  ATTRIBUTE_MODELS,
  type AttributeDisplayType,
  type AttributeModel,
  type CreateCustomAttributeDefinitionInput,
} from '@parley/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { IsNameOrCode, MayBeOmitted, UpdateOf } from '../http/tolerant-input.decorators';

/** Whether it fits the display type is the service's 422; a non-scalar is malformed input. */
const IsAttributeValue = ValidateBy({
  name: 'isAttributeValue',
  validator: {
    validate: (value: unknown) =>
      (typeof value === 'string' && value.length <= 10_000) ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)),
    defaultMessage: () => '$property must be text (up to 10,000 characters), a number, true/false or null',
  },
});

/** Query strings carry codes as text: "1" means 1. */
const codeFromQuery = Transform(({ value }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
);

export class CreateCustomAttributeDefinitionDto implements CreateCustomAttributeDefinitionInput {
  @ApiProperty({ example: 'Customer Tier' }) @IsString() @IsNotEmpty() @MaxLength(255) attribute_display_name: string;

  @ApiProperty({ description: `${ATTRIBUTE_DISPLAY_TYPES.join(', ')} or 0–7` })
  @IsNameOrCode(ATTRIBUTE_DISPLAY_TYPES)
  attribute_display_type: AttributeDisplayType | number;

  @ApiProperty({ description: '0 or conversation_attribute, 1 or contact_attribute' })
  @IsNameOrCode(ATTRIBUTE_MODELS)
  attribute_model: AttributeModel | number;

  @ApiPropertyOptional({ nullable: true })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(10_000)
  attribute_description?: string | null;
  @ApiPropertyOptional({ description: 'A slug of the display name when omitted' })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(255)
  attribute_key?: string | null;

  @ApiPropertyOptional({
    type: [String],
    description: 'Required for list, refused otherwise; null entries are dropped',
  })
  // Client libraries send `[null]` as the default of this field.
  @Transform(({ value }) => (Array.isArray(value) ? value.filter((item) => item !== null) : value))
  @MayBeOmitted()
  @ValidateIf((_, value) => value !== null)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  attribute_values?: string[] | null;

  @ApiPropertyOptional({ nullable: true, description: 'Text attributes only' })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(1000)
  regex_pattern?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(1000)
  regex_cue?: string | null;

  @ApiPropertyOptional({
    // OpenAPI 3.0 names null on a typed branch (a bare `nullable` beside `oneOf` says nothing).
    oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }],
    description: 'Checked against the display type like a value; null for none',
  })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsAttributeValue
  default_value?: string | number | boolean | null;
}

export class UpdateCustomAttributeDefinitionDto extends UpdateOf(CreateCustomAttributeDefinitionDto) {}

export class CustomAttributeQueryDto {
  @ApiPropertyOptional({ description: '0 / conversation_attribute or 1 / contact_attribute' })
  @codeFromQuery
  @MayBeOmitted()
  @IsNameOrCode(ATTRIBUTE_MODELS)
  attribute_model?: AttributeModel | number;
}
