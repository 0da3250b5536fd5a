import { ApiProperty } from '@nestjs/swagger';
import {
  AVAILABILITY_STATUSES,
  CHANNEL_TYPE_VALUES,
  CONVERSATION_STATUSES,
  PRIORITIES,
  ROLES,
  type AvailabilityStatus,
  type ChannelType,
  type Conversation,
  type ConversationAssignee,
  type ConversationCounts,
  type ConversationPage,
  type ConversationSender,
  type ConversationStatus,
  type Priority,
  type Role,
  type ToggleStatusResult,
} from '@parley/contracts';
import { MessageView } from '../messages/message.responses';

// Classes implement named types only: the nested parts of the contract types get names here.
type ConversationMeta = Conversation['meta'];
type ConversationContactInbox = Conversation['contact_inbox'];
type ConversationPageMeta = ConversationPage['meta'];
type ToggleStatusPayload = ToggleStatusResult['payload'];

class ConversationSenderView implements ConversationSender {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) phone_number: string | null;
  @ApiProperty({ type: String, nullable: true }) identifier: string | null;
  @ApiProperty({ type: String, nullable: true }) thumbnail: string | null;
  @ApiProperty() blocked: boolean;
}

class ConversationAssigneeView implements ConversationAssignee {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() name: string;
  @ApiProperty() available_name: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty() confirmed: boolean;
  @ApiProperty({ enum: AVAILABILITY_STATUSES }) availability_status: AvailabilityStatus;
  @ApiProperty() auto_offline: boolean;
  @ApiProperty() thumbnail: string;
}

class ConversationTeamView {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

class ConversationMetaView implements ConversationMeta {
  @ApiProperty({ type: ConversationSenderView, nullable: true }) sender: ConversationSenderView | null;
  @ApiProperty({ type: ConversationAssigneeView, nullable: true }) assignee: ConversationAssigneeView | null;
  @ApiProperty({ type: ConversationTeamView, nullable: true }) team: ConversationTeamView | null;
  @ApiProperty({ enum: CHANNEL_TYPE_VALUES }) channel: ChannelType;
}

class ConversationContactInboxView implements ConversationContactInbox {
  @ApiProperty() contact_id: number;
  @ApiProperty() inbox_id: number;
  @ApiProperty({ description: "The contact's id in the inbox's channel" }) source_id: string;
}

export class ConversationView implements Conversation {
  @ApiProperty({ description: 'The per-account number (the same as display_id)' }) id: number;
  @ApiProperty() display_id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() inbox_id: number;
  @ApiProperty() contact_id: number;
  @ApiProperty({ enum: CONVERSATION_STATUSES }) status: ConversationStatus;
  @ApiProperty({ type: Number, nullable: true }) assignee_id: number | null;
  @ApiProperty({ type: Number, nullable: true }) team_id: number | null;
  @ApiProperty({ enum: PRIORITIES, nullable: true }) priority: Priority | null;
  @ApiProperty({ type: [String] }) labels: string[];
  @ApiProperty() muted: boolean;
  @ApiProperty({ type: Number, nullable: true }) snoozed_until: number | null;
  @ApiProperty({ description: 'False where the channel cannot take an outgoing message now' }) can_reply: boolean;
  @ApiProperty() unread_count: number;
  @ApiProperty() messages_count: number;
  @ApiProperty({ type: Number, nullable: true }) agent_last_seen_at: number | null;
  @ApiProperty({ type: Number, nullable: true }) contact_last_seen_at: number | null;
  @ApiProperty({ description: 'Last activity' }) timestamp: number;
  @ApiProperty() last_activity_at: number;
  @ApiProperty({ type: Number, nullable: true }) waiting_since: number | null;
  @ApiProperty({ type: Number, nullable: true }) first_reply_created_at: number | null;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
  @ApiProperty({ type: 'object', additionalProperties: true }) custom_attributes: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) additional_attributes: Record<string, unknown>;
  @ApiProperty({ type: Number, nullable: true }) campaign_id: number | null;
  @ApiProperty({ type: ConversationContactInboxView }) contact_inbox: ConversationContactInboxView;
  @ApiProperty({ type: ConversationMetaView }) meta: ConversationMetaView;
  @ApiProperty({ type: [MessageView], description: 'Empty in lists; the last message in a detail' })
  messages: MessageView[];
  @ApiProperty({ type: MessageView, nullable: true }) last_non_activity_message: MessageView | null;
}

export class ConversationCountsView implements ConversationCounts {
  @ApiProperty() mine_count: number;
  @ApiProperty() assigned_count: number;
  @ApiProperty() unassigned_count: number;
  @ApiProperty() all_count: number;
}

class ConversationPageMetaView extends ConversationCountsView implements ConversationPageMeta {
  @ApiProperty() current_page: number;
  @ApiProperty() total_pages: number;
}

class ConversationPageView implements ConversationPage {
  @ApiProperty({ type: ConversationPageMetaView }) meta: ConversationPageMetaView;
  @ApiProperty({ type: [ConversationView] }) payload: ConversationView[];
}

/** `{"data": {"meta": {…counts}, "payload": [conversation, …]}}` (list and filter). */
export class ConversationListView {
  @ApiProperty({ type: ConversationPageView }) data: ConversationPageView;
}

/** `{"meta": {…counts}}`. */
export class ConversationMetaCountsView {
  @ApiProperty({ type: ConversationCountsView }) meta: ConversationCountsView;
}

class ToggleStatusPayloadView implements ToggleStatusPayload {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty() conversation_id: number;
  @ApiProperty({ enum: CONVERSATION_STATUSES }) current_status: ConversationStatus;
  @ApiProperty({ type: Number, nullable: true }) snoozed_until: number | null;
}

/** `{}`: nothing to add (toggle_status's meta; transcript and typing, which only take the request). */
export class EmptyView {}

export class ToggleStatusView implements ToggleStatusResult {
  @ApiProperty({ type: EmptyView }) meta: Record<string, never>;
  @ApiProperty({ type: ToggleStatusPayloadView }) payload: ToggleStatusPayloadView;
}
