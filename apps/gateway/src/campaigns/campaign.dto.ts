import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CAMPAIGN_TYPES,
  type CampaignAudienceEntry,
  type CampaignTriggerInput,
  type CampaignTriggerRules,
  type CampaignType,
  type CreateCampaignInput,
} from '@parley/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsPage, IsId, MayBeOmitted, UpdateOf } from '../http/tolerant-input.decorators';

/** Shapes only (400): whether the inbox, labels and sender exist, and the campaign's rules, are the campaigns service's 422. */
export class CampaignAudienceDto implements CampaignAudienceEntry {
  @ApiProperty({ enum: ['Label'] }) @IsIn(['Label']) type: 'Label';
  @ApiProperty() @IsId() id: number;
}

export class CampaignTriggerRulesDto implements CampaignTriggerRules {
  @ApiPropertyOptional({ nullable: true, type: String, description: 'The exact page URL that triggers (ongoing)' })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(2048)
  url?: string | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Seconds on the page before it triggers' })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(0)
  @Max(86_400)
  time_on_page?: number | null;
}

export class CreateCampaignDto implements CreateCampaignInput {
  @ApiProperty() @IsString() @MaxLength(255) title: string;
  @ApiProperty({
    description:
      'Variables {{contact.name}}, {{contact.email}}, {{contact.phone_number}}, {{contact.identifier}}, {{contact.custom_attributes.<key>}}; spintax {a|b|c}',
  })
  @IsString()
  @MaxLength(10_000)
  message: string;
  @ApiProperty() @IsId() inbox_id: number;
  @ApiPropertyOptional({ enum: CAMPAIGN_TYPES, default: 'one_off' })
  @MayBeOmitted()
  @IsIn(CAMPAIGN_TYPES)
  campaign_type?: CampaignType;
  @ApiPropertyOptional({ nullable: true, type: Number })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsId()
  sender_id?: number | null;
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() trigger_only_during_business_hours?: boolean;

  @ApiPropertyOptional({ type: CampaignTriggerRulesDto, nullable: true })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @ValidateNested()
  @Type(() => CampaignTriggerRulesDto)
  trigger_rules?: CampaignTriggerRulesDto | null;

  @ApiPropertyOptional({ type: [CampaignAudienceDto] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CampaignAudienceDto)
  audience?: CampaignAudienceDto[];

  /** Checked by the service (422) so that a malformed date is told apart from a malformed shape. */
  @ApiPropertyOptional({ nullable: true, type: String, description: 'ISO 8601; omit (or past) to send at once' })
  @MayBeOmitted()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(64)
  scheduled_at?: string | null;

  @ApiPropertyOptional({ enum: ['draft'], description: 'draft: saved, nothing scheduled or sent' })
  @MayBeOmitted()
  @IsIn(['draft'])
  status?: 'draft';
}

export class UpdateCampaignDto extends UpdateOf(CreateCampaignDto) {}

export class CampaignSendsQueryDto {
  @ApiPropertyOptional({ enum: ['sent', 'failed'] }) @MayBeOmitted() @IsIn(['sent', 'failed']) status?:
    'sent' | 'failed';
  @IsPage() page?: number;
}

export class CampaignTriggerDto implements CampaignTriggerInput {
  @ApiProperty() @IsId() contact_id: number;
  @ApiProperty() @IsString() @MaxLength(2048) url: string;
  @ApiProperty({ description: 'Seconds the contact has been on the page' })
  @IsInt()
  @Min(0)
  @Max(31_536_000)
  time_on_page: number;
}
