import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CONTENT_TYPES,
  CONVERSATION_STATUSES,
  CSAT_CONTENT_TYPE,
  type ContentType,
  type ConversationStatus,
  type PublicContact,
  type PublicConversation,
  type PublicConversationContact,
  type PublicInbox,
  type PublicMessage,
  type PublicWidgetConfig,
  type OngoingCampaignTrigger,
} from '@parley/contracts';
import { WorkingHoursView } from '../inboxes/inbox.responses';
import { AttachmentView, MessageSenderView } from '../messages/message.responses';

export class PublicInboxView implements PublicInbox {
  @ApiProperty() identifier: string;
  @ApiProperty({ description: "The inbox's hmac_mandatory" }) identity_validation_enabled: boolean;
  @ApiProperty() name: string;
  @ApiProperty() timezone: string;
  @ApiProperty({ type: [WorkingHoursView] }) working_hours: WorkingHoursView[];
  @ApiProperty() working_hours_enabled: boolean;
  @ApiProperty() csat_survey_enabled: boolean;
  @ApiProperty() greeting_enabled: boolean;
}

export class PublicContactView implements PublicContact {
  @ApiProperty() source_id: string;
  @ApiProperty({ description: "The contact inbox's token: subscribe to /cable's RoomChannel with it" })
  pubsub_token: string;
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) phone_number: string | null;
}

export class PublicMessageView implements PublicMessage {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) content: string | null;
  @ApiProperty({ description: '0 incoming, 1 outgoing, 2 activity, 3 template' }) message_type: number;
  @ApiProperty({ enum: [...CONTENT_TYPES, CSAT_CONTENT_TYPE] }) content_type: ContentType;
  @ApiProperty({ type: 'object', additionalProperties: true }) content_attributes: Record<string, unknown>;
  @ApiProperty() created_at: number;
  @ApiProperty({ description: "The conversation's display id" }) conversation_id: number;
  @ApiPropertyOptional({ type: [AttachmentView] }) attachments?: AttachmentView[];
  @ApiPropertyOptional({ type: MessageSenderView }) sender?: MessageSenderView;
}

class PublicConversationContactView implements PublicConversationContact {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) phone_number: string | null;
  @ApiProperty({ type: String, nullable: true }) identifier: string | null;
  @ApiProperty({ type: String, nullable: true }) thumbnail: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) additional_attributes: Record<string, unknown>;
  @ApiProperty() blocked: boolean;
}

export class PublicConversationView implements PublicConversation {
  @ApiProperty({ description: 'The display id' }) id: number;
  @ApiProperty() uuid: string;
  @ApiProperty() inbox_id: number;
  @ApiProperty({ type: Number, nullable: true }) contact_last_seen_at: number | null;
  @ApiProperty({ enum: CONVERSATION_STATUSES }) status: ConversationStatus;
  @ApiProperty({ type: Number, nullable: true }) agent_last_seen_at: number | null;
  @ApiProperty({ type: [PublicMessageView] }) messages: PublicMessageView[];
  @ApiProperty({ type: PublicConversationContactView }) contact: PublicConversationContactView;
}

class WidgetTriggerRulesView {
  @ApiProperty({ nullable: true, type: String, description: 'The page URL the campaign fires on (exact match)' })
  url: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Seconds on that page before it fires' })
  time_on_page: number | null;
}

class WidgetCampaignView implements OngoingCampaignTrigger {
  @ApiProperty() id: number;
  @ApiProperty({ type: WidgetTriggerRulesView }) trigger_rules: WidgetTriggerRulesView;
}

export class PublicWidgetConfigView implements PublicWidgetConfig {
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String }) website_url: string | null;
  @ApiProperty({ nullable: true, type: String }) widget_color: string | null;
  @ApiProperty({ nullable: true, type: String }) welcome_title: string | null;
  @ApiProperty({ nullable: true, type: String }) welcome_tagline: string | null;
  @ApiProperty({ type: [WidgetCampaignView], description: "The inbox's enabled ongoing campaigns" })
  campaigns: WidgetCampaignView[];
}

export class WidgetCampaignTriggerView {
  @ApiProperty({ nullable: true, type: Number, description: 'The campaign that fired, or null' })
  campaign_id: number | null;
}
