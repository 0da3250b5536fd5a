import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CHANNEL_TYPE_VALUES,
  type AutoAssignmentConfig,
  type ChannelType,
  type Inbox,
  type WorkingHoursEntry,
} from '@parley/contracts';

export class WorkingHoursView implements WorkingHoursEntry {
  @ApiProperty({ description: '0 = Sunday … 6 = Saturday' }) day_of_week: number;
  @ApiProperty() closed_all_day: boolean;
  @ApiProperty({ type: Number, nullable: true }) open_hour: number | null;
  @ApiProperty({ type: Number, nullable: true }) open_minutes: number | null;
  @ApiProperty({ type: Number, nullable: true }) close_hour: number | null;
  @ApiProperty({ type: Number, nullable: true }) close_minutes: number | null;
}

class AutoAssignmentConfigView implements AutoAssignmentConfig {
  @ApiProperty({ type: Number, nullable: true, description: 'null: no limit' }) max_assignment_limit: number | null;
}

/** Every field of an inbox except its signing secret (what events and contact links carry). */
export class InboxFieldsView implements Omit<Inbox, 'secret' | 'hmac_token'> {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: CHANNEL_TYPE_VALUES }) channel_type: ChannelType;
  @ApiProperty({ type: String, nullable: true }) phone_number: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) website_url: string | null;
  @ApiProperty({ type: String, nullable: true }) widget_color: string | null;
  @ApiProperty({ type: String, nullable: true }) webhook_url: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Channel::Api only' }) inbox_identifier: string | null;
  @ApiProperty({ type: String, nullable: true }) avatar_url: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Channel::WebWidget only: the token the widget identifies the inbox with',
  })
  website_token: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Channel::WebWidget only: the snippet that embeds the widget',
  })
  web_widget_script: string | null;
  @ApiProperty({ description: 'API and web-widget inboxes: contacts must prove their identifier (identifier_hash)' })
  hmac_mandatory: boolean;
  @ApiProperty({ type: String, nullable: true }) welcome_title: string | null;
  @ApiProperty({ type: String, nullable: true }) welcome_tagline: string | null;
  @ApiProperty() greeting_enabled: boolean;
  @ApiProperty({ type: String, nullable: true }) greeting_message: string | null;
  @ApiProperty() working_hours_enabled: boolean;
  @ApiProperty({ type: String, nullable: true }) out_of_office_message: string | null;
  @ApiProperty({ type: [WorkingHoursView] }) working_hours: WorkingHoursView[];
  @ApiProperty() timezone: string;
  @ApiProperty() csat_survey_enabled: boolean;
  @ApiProperty() enable_auto_assignment: boolean;
  @ApiProperty({ type: AutoAssignmentConfigView }) auto_assignment_config: AutoAssignmentConfigView;
  @ApiProperty() allow_messages_after_resolved: boolean;
  @ApiProperty() message_deleted_placeholder: string;
  @ApiProperty({ type: Number, nullable: true }) agent_bot_id: number | null;
  @ApiProperty() created_at: number;
  @ApiProperty() updated_at: number;
}

class WhatsAppProviderConfigView {
  @ApiProperty({ type: String, nullable: true }) phone_number_id: string | null;
  @ApiProperty({ type: String, nullable: true }) business_account_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Administrators only' }) webhook_verify_token:
    string | null;
}
const EMAIL_ONLY = 'Channel::Email inboxes only';

export class InboxView extends InboxFieldsView implements Inbox {
  @ApiProperty({ type: String, nullable: true, description: 'Channel::Api, administrators only: signs its callbacks' })
  secret: string | null;
  @ApiPropertyOptional({
    description:
      'Provider inboxes: `{PUBLIC_URL}/webhooks/{whatsapp|messenger|instagram|telegram|twilio}/{inbox_identifier}`',
  })
  inbound_webhook_url?: string;
  @ApiPropertyOptional({ description: 'Provider inboxes: false until the provider credentials are given' })
  provider_connected?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Channel::MobileChat: whatsapp_cloud' })
  provider?: string | null;
  @ApiPropertyOptional({ type: WhatsAppProviderConfigView }) provider_config?: WhatsAppProviderConfigView;
  @ApiPropertyOptional({ type: String, nullable: true }) page_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) instagram_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Messenger and Instagram, administrators only' })
  webhook_verify_token?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) account_sid?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) messaging_service_sid?: string | null;
  @ApiPropertyOptional({ type: Boolean, description: EMAIL_ONLY }) imap_enabled?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true, description: EMAIL_ONLY }) imap_address?: string | null;
  @ApiPropertyOptional({ type: 'integer', nullable: true, description: EMAIL_ONLY }) imap_port?: number | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: EMAIL_ONLY }) imap_login?: string | null;
  @ApiPropertyOptional({ type: Boolean, description: EMAIL_ONLY }) imap_enable_ssl?: boolean;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: `${EMAIL_ONLY}: the last IMAP login or connection failure; null while the mailbox is reachable`,
  })
  imap_error?: string | null;
  @ApiPropertyOptional({ type: Boolean, description: EMAIL_ONLY }) smtp_enabled?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true, description: EMAIL_ONLY }) smtp_address?: string | null;
  @ApiPropertyOptional({ type: 'integer', nullable: true, description: EMAIL_ONLY }) smtp_port?: number | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: EMAIL_ONLY }) smtp_login?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: EMAIL_ONLY }) smtp_domain?: string | null;
  @ApiPropertyOptional({ type: Boolean, description: EMAIL_ONLY }) smtp_enable_starttls_auto?: boolean;
  @ApiPropertyOptional({ type: Boolean, description: EMAIL_ONLY }) smtp_enable_ssl_tls?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true, description: EMAIL_ONLY }) smtp_authentication?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: `${EMAIL_ONLY}: forward the mailbox here and Parley receives its mail`,
  })
  forward_to_email?: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'API and web-widget inboxes, administrators only: the key of identifier_hash (HMAC-SHA256)',
  })
  hmac_token: string | null;
}

export class InboxListView {
  @ApiProperty({ type: [InboxView] }) payload: InboxView[];
}
