import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CAMPAIGN_SEND_STATUSES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  type Campaign,
  type CampaignAudienceEntry,
  type CampaignSend,
  type CampaignSendPage,
  type CampaignSendStatus,
  type CampaignStatus,
  type CampaignTriggerResult,
  type CampaignTriggerRules,
  type CampaignType,
} from '@parley/contracts';

class CampaignAudienceView implements CampaignAudienceEntry {
  @ApiProperty({ enum: ['Label'] }) type: 'Label';
  @ApiProperty() id: number;
}

class CampaignTriggerRulesView implements CampaignTriggerRules {
  @ApiPropertyOptional({ nullable: true, type: String }) url?: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) time_on_page?: number | null;
}

export class CampaignView implements Campaign {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() title: string;
  @ApiProperty() message: string;
  @ApiProperty() inbox_id: number;
  @ApiProperty({ enum: CAMPAIGN_TYPES }) campaign_type: CampaignType;
  @ApiProperty({ nullable: true, type: Number }) sender_id: number | null;
  @ApiProperty() trigger_only_during_business_hours: boolean;
  @ApiProperty({ type: CampaignTriggerRulesView }) trigger_rules: CampaignTriggerRulesView;
  @ApiProperty({ type: [CampaignAudienceView] }) audience: CampaignAudienceView[];
  @ApiProperty({ nullable: true, type: String, description: 'ISO 8601' }) scheduled_at: string | null;
  @ApiProperty({ enum: CAMPAIGN_STATUSES }) status: CampaignStatus;
  @ApiProperty({ description: 'Contacts the run resolved (ongoing: contacts it reached)' }) audience_count: number;
  @ApiProperty() sent_count: number;
  @ApiProperty() failed_count: number;
  @ApiProperty({ nullable: true, type: String, description: 'ISO 8601 estimate of completion while running' }) eta:
    string | null;
  @ApiProperty({ description: 'ISO 8601' }) created_at: string;
  @ApiProperty({ description: 'ISO 8601' }) updated_at: string;
}

class CampaignSendView implements CampaignSend {
  @ApiProperty() contact_id: number;
  @ApiProperty({ enum: CAMPAIGN_SEND_STATUSES }) status: CampaignSendStatus;
  @ApiProperty({ nullable: true, type: String }) error: string | null;
  @ApiProperty({ nullable: true, type: Number }) message_id: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'The internal id of the conversation the send started' })
  conversation_id: number | null;
  @ApiProperty({ nullable: true, type: String, description: 'ISO 8601' }) sent_at: string | null;
}

class CampaignSendPageMetaView {
  @ApiProperty() count: number;
  @ApiProperty() current_page: number;
}

export class CampaignSendPageView implements CampaignSendPage {
  @ApiProperty({ type: CampaignSendPageMetaView }) meta: CampaignSendPageMetaView;
  @ApiProperty({ type: [CampaignSendView] }) payload: CampaignSendView[];
}

export class CampaignTriggerResultView implements CampaignTriggerResult {
  @ApiProperty({ nullable: true, type: Number }) campaign_id: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Display id of the conversation started' })
  conversation_id: number | null;
  @ApiProperty({ nullable: true, type: Number }) message_id: number | null;
}
