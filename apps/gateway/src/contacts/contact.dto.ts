import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ContactFields, ContactListQuery, CreateContactInput } from '@parley/contracts';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { FilterPageQueryDto } from '../http/filter.dto';
import { IsPage, IsId, MayBeOmitted, ToBoolean, ToInteger } from '../http/tolerant-input.decorators';

/** Optional text that may be null or blank (blank means "not set"). */
function OptionalText(max = 255): PropertyDecorator {
  const decorators = [
    IsOptional(),
    ValidateIf((_: unknown, value: unknown) => value !== null),
    IsString(),
    MaxLength(max),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** Items carry their inbox links unless this is false. */
function IncludeContactInboxes(): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({ default: true, description: "false leaves out each contact's contact_inboxes" }),
    ToBoolean(),
    MayBeOmitted(),
    IsBoolean(),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

export class ContactFieldsDto implements ContactFields {
  @ApiPropertyOptional({ nullable: true, example: 'Ada Lovelace' }) @OptionalText() name?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    example: 'ada@example.com',
    description: 'Unique per account (case-insensitive)',
  })
  @OptionalText()
  email?: string | null;
  @ApiPropertyOptional({ nullable: true, example: '+15550100042', description: 'E.164, unique per account' })
  @OptionalText(32)
  phone_number?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    example: 'crm-1042',
    description: 'Your id for the contact; unique per account',
  })
  @OptionalText()
  identifier?: string | null;
  @ApiPropertyOptional({ nullable: true }) @OptionalText(2048) avatar_url?: string | null;
  @ApiPropertyOptional({ description: 'Merged into the stored attributes (null removes a key)' })
  @MayBeOmitted()
  @IsObject()
  additional_attributes?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'Merged into the stored attributes, checked against the definitions' })
  @MayBeOmitted()
  @IsObject()
  custom_attributes?: Record<string, unknown>;
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() blocked?: boolean;
}

export class CreateContactDto extends ContactFieldsDto implements CreateContactInput {
  @ApiProperty({ example: 7, description: 'The inbox the contact is linked to' }) @ToInteger() @IsId() inbox_id: number;
  @ApiPropertyOptional({ description: "The contact's id at the inbox's channel; generated when omitted" })
  @OptionalText()
  source_id?: string | null;
}

export class ContactListQueryDto implements ContactListQuery {
  @ApiPropertyOptional({ description: 'Matches name, e-mail, phone or identifier' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(255)
  q?: string;
  @IsPage() page?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 15 })
  @ToInteger()
  @MayBeOmitted()
  @IsInt()
  @Min(1)
  @Max(100)
  per_page?: number;
  @ApiPropertyOptional({ example: '-last_activity_at' }) @MayBeOmitted() @IsString() @MaxLength(50) sort?: string;
  @IncludeContactInboxes() include_contact_inboxes?: boolean;
}

export class ContactSearchQueryDto {
  @ApiProperty({ description: 'Words matched as prefixes of name, e-mail, phone and identifier' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  q: string;
  @ApiPropertyOptional({ enum: ['conversations'] }) @MayBeOmitted() @IsIn(['conversations']) include?: 'conversations';
  @IsPage() page?: number;
  @IncludeContactInboxes() include_contact_inboxes?: boolean;
}

export class ContactFilterQueryDto extends FilterPageQueryDto {
  @IncludeContactInboxes() include_contact_inboxes?: boolean;
}

export class ContactInboxDto {
  @ApiProperty() @ToInteger() @IsId() inbox_id: number;
  @ApiPropertyOptional() @OptionalText() source_id?: string | null;
}

export class NoteDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100_000) content: string;
}

export class ContactLabelsDto {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMaxSize(100) @IsString({ each: true }) labels: string[];
}

export class ContactMergeDto {
  @ApiProperty() @ToInteger() @IsId() base_contact_id: number;
  @ApiProperty() @ToInteger() @IsId() mergee_contact_id: number;
}
