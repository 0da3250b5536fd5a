import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import type { PublicContactInput, PublicMessageInput, SubmittedValue } from '@parley/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CampaignTriggerDto } from '../campaigns/campaign.dto';
import { IsId, MayBeOmitted, OptionalText, ToInteger } from '../http/tolerant-input.decorators';

/** A widget's or bridge's contact; `identifier_hash` proves `identifier` (HMAC-SHA256 with the inbox's key). */
export class PublicContactDto implements PublicContactInput {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Generated when omitted' })
  @OptionalText(255)
  source_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalText(255) identifier?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'hex HMAC-SHA256(inbox hmac_token, identifier)' })
  @OptionalText(255)
  identifier_hash?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalText(255) email?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalText(255) name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalText(64) phone_number?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalText(2048) avatar_url?: string | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @MayBeOmitted()
  @IsObject()
  custom_attributes?: Record<string, unknown>;
}

export class PublicConversationDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @MayBeOmitted()
  @IsObject()
  custom_attributes?: Record<string, unknown>;
}

export class PublicTypingDto {
  @ApiProperty({ enum: ['on', 'off'] }) @IsIn(['on', 'off']) typing_status: 'on' | 'off';
}

export class PublicMessageDto implements PublicMessageInput {
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalText(150_000) content?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Echoed back; a retry with it returns the first message',
  })
  @OptionalText(255)
  echo_id?: string | null;
}

export class PublicMessagesQueryDto {
  @ApiPropertyOptional({ description: 'Messages older than this id' })
  @ToInteger()
  @MayBeOmitted()
  @IsId()
  before?: number;
}

class CsatResponseDto {
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalText(10_000) feedback_message?: string | null;
  @ApiPropertyOptional({ minimum: 1, maximum: 5 }) @MayBeOmitted() @IsInt() @Min(1) @Max(5) rating?: number;
}

class SubmittedValueDto implements SubmittedValue {
  @ApiPropertyOptional() @MayBeOmitted() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional() @MayBeOmitted() @IsString() @MaxLength(1000) title?: string;
  @ApiPropertyOptional({ description: 'Any JSON value' }) @MayBeOmitted() value?: unknown;
  @ApiPropertyOptional({ type: CsatResponseDto })
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => CsatResponseDto)
  csat_survey_response?: CsatResponseDto;
}

export class SubmittedValuesDto {
  @ApiProperty({ type: [SubmittedValueDto] })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => SubmittedValueDto)
  submitted_values: SubmittedValueDto[];
}

/** A visit the widget reports: the page's URL and the seconds the visitor has spent on it (its contact is the path's). */
export class WidgetCampaignTriggerDto extends OmitType(CampaignTriggerDto, ['contact_id'] as const) {}
