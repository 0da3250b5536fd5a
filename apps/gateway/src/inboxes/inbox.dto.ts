import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CHANNEL_KINDS,
  CHANNEL_TYPE_VALUES,
  type AutoAssignmentConfig,
  type ChannelInput,
  type ChannelKind,
  type ChannelType,
  type EmailServerFields,
  type ProviderFields,
  type WhatsAppProviderConfig,
  WHATSAPP_PROVIDERS,
  SMTP_AUTHENTICATIONS,
  type UpdateInboxInput,
  type WorkingHoursEntry,
} from '@parley/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsId, MayBeOmitted, OptionalText, ToInteger } from '../http/tolerant-input.decorators';
import { UserIdsDto } from '../teams/team.dto';

export class WorkingHoursDto implements WorkingHoursEntry {
  @ApiProperty({ minimum: 0, maximum: 6 })
  @IsInt()
  day_of_week: number;

  @ApiPropertyOptional({ default: false })
  @MayBeOmitted()
  @IsBoolean()
  closed_all_day: boolean = false;

  @ApiPropertyOptional({ nullable: true }) @MayBeOmitted() @ValidateIf((_, v) => v !== null) @IsInt() open_hour:
    number | null = null;
  @ApiPropertyOptional({ nullable: true }) @MayBeOmitted() @ValidateIf((_, v) => v !== null) @IsInt() open_minutes:
    number | null = null;
  @ApiPropertyOptional({ nullable: true }) @MayBeOmitted() @ValidateIf((_, v) => v !== null) @IsInt() close_hour:
    number | null = null;
  @ApiPropertyOptional({ nullable: true }) @MayBeOmitted() @ValidateIf((_, v) => v !== null) @IsInt() close_minutes:
    number | null = null;
}

export class AutoAssignmentConfigDto implements Partial<AutoAssignmentConfig> {
  @ApiPropertyOptional({ nullable: true, description: 'Positive integer, or null for no limit' })
  @MayBeOmitted()
  @ValidateIf((_, value) => value !== null)
  @IsInt()
  max_assignment_limit?: number | null;
}

function OptionalPort(): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: 65535 }),
    IsOptional(),
    ToInteger(),
    ValidateIf((_: unknown, value: unknown) => value !== null),
    IsInt(),
    Min(1),
    Max(65535),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

function OptionalFlag(description: string): PropertyDecorator {
  const decorators = [ApiPropertyOptional({ type: 'boolean', description }), MayBeOmitted(), IsBoolean()];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** Channel::Email: the inbox's own IMAP and SMTP servers (passwords are write-only). */
class EmailServerFieldsDto implements EmailServerFields {
  @OptionalFlag('Poll the mailbox below for new mail') imap_enabled?: boolean;
  @ApiPropertyOptional({ type: 'string', nullable: true }) @OptionalText(255) imap_address?: string | null;
  @OptionalPort() imap_port?: number | null;
  @ApiPropertyOptional({ type: 'string', nullable: true }) @OptionalText(255) imap_login?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true, writeOnly: true })
  @OptionalText(1000)
  imap_password?: string | null;
  @OptionalFlag('Connect over TLS (IMAPS)') imap_enable_ssl?: boolean;
  @OptionalFlag('Send through the SMTP server below instead of the deployment default') smtp_enabled?: boolean;
  @ApiPropertyOptional({ type: 'string', nullable: true }) @OptionalText(255) smtp_address?: string | null;
  @OptionalPort() smtp_port?: number | null;
  @ApiPropertyOptional({ type: 'string', nullable: true }) @OptionalText(255) smtp_login?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true, writeOnly: true })
  @OptionalText(1000)
  smtp_password?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'Name given in HELO/EHLO' })
  @OptionalText(255)
  smtp_domain?: string | null;
  @OptionalFlag('Upgrade with STARTTLS when the server offers it') smtp_enable_starttls_auto?: boolean;
  @OptionalFlag('Connect over TLS from the start (SMTPS)') smtp_enable_ssl_tls?: boolean;
  @ApiPropertyOptional({ enum: SMTP_AUTHENTICATIONS, nullable: true })
  @IsOptional()
  @ValidateIf((_: unknown, value: unknown) => value !== null)
  @IsIn(SMTP_AUTHENTICATIONS)
  smtp_authentication?: string | null;
}

function Secret(description: string): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({ type: 'string', nullable: true, writeOnly: true, description }),
    OptionalText(1000),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

function Identifier(description: string): PropertyDecorator {
  const decorators = [ApiPropertyOptional({ type: 'string', nullable: true, description }), OptionalText(255)];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** Channel::MobileChat (WhatsApp Cloud): `api_key` and `app_secret` are write-only. */
export class WhatsAppProviderConfigDto implements WhatsAppProviderConfig {
  @Secret('The system user access token') api_key?: string | null;
  @Identifier('The phone number id at Meta') phone_number_id?: string | null;
  @Identifier('The WhatsApp Business Account id') business_account_id?: string | null;
  @Secret('The app secret that signs webhooks') app_secret?: string | null;
  @Identifier('What Meta verifies the webhook URL with; generated when not given') webhook_verify_token?: string | null;
}

/** The providers' credentials (decisions.md "Channels"); secrets are write-only. */
class ProviderFieldsDto extends EmailServerFieldsDto implements ProviderFields {
  @ApiPropertyOptional({ enum: WHATSAPP_PROVIDERS })
  @MayBeOmitted()
  @IsIn(WHATSAPP_PROVIDERS)
  provider?: 'whatsapp_cloud';
  @ApiPropertyOptional({ type: WhatsAppProviderConfigDto })
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => WhatsAppProviderConfigDto)
  provider_config?: WhatsAppProviderConfigDto;
  @Identifier('Channel::SocialPage: the Facebook Page id') page_id?: string | null;
  @Secret('Channel::SocialPage: the Page access token') page_access_token?: string | null;
  @Identifier('Channel::SocialDirect: the Instagram account id') instagram_id?: string | null;
  @Secret('Channel::SocialDirect: the Instagram access token') access_token?: string | null;
  @Secret('Channel::SocialPage and Channel::SocialDirect: the app secret that signs webhooks') app_secret?:
    string | null;
  @Identifier('Messenger and Instagram: what Meta verifies the webhook URL with; generated when not given')
  webhook_verify_token?: string | null;
  @Secret('Channel::BotChat: the Telegram bot token') bot_token?: string | null;
  @Identifier('Channel::Sms: the Twilio account SID') account_sid?: string | null;
  @Secret('Channel::Sms: the Twilio auth token') auth_token?: string | null;
  @Identifier('Channel::Sms: sends through this messaging service instead of phone_number') messaging_service_sid?:
    string | null;
}

/** Channel-specific addresses (which ones apply depends on the channel). */
export class ChannelFieldsDto extends ProviderFieldsDto {
  @ApiPropertyOptional({
    example: 'https://example.com/parley-events',
    description: 'Channel::Api: where events of the inbox are posted',
  })
  @OptionalText(2048)
  webhook_url?: string | null;
  @ApiPropertyOptional({ example: 'https://example.com', description: 'Channel::WebWidget (required there)' })
  @OptionalText(2048)
  website_url?: string | null;
  @ApiPropertyOptional({ description: 'Channel::WebWidget' }) @OptionalText(20) widget_color?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'Channel::WebWidget: heading of the widget' })
  @OptionalText(255)
  welcome_title?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'Channel::WebWidget: line under the heading' })
  @OptionalText(1000)
  welcome_tagline?: string | null;
  @ApiPropertyOptional({ description: 'E.164; Channel::Sms and Channel::MobileChat (required there)' })
  @OptionalText(32)
  phone_number?: string | null;
  @ApiPropertyOptional({ description: 'Channel::Email (required there)' }) @OptionalText(255) email?: string | null;
}

export class ChannelDto extends ChannelFieldsDto implements ChannelInput {
  @ApiProperty({ enum: CHANNEL_KINDS })
  @IsIn(CHANNEL_KINDS)
  type: ChannelKind;
}

/** Settings every inbox has (the name is added by the create and update shapes). */
class InboxSettingsDto extends ChannelFieldsDto {
  @ApiPropertyOptional({ nullable: true, description: 'http(s) URL of the inbox picture' })
  @OptionalText(2048)
  avatar_url?: string | null;
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() greeting_enabled?: boolean;
  @ApiPropertyOptional({ nullable: true }) @OptionalText() greeting_message?: string | null;
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() working_hours_enabled?: boolean;
  @ApiPropertyOptional({ nullable: true }) @OptionalText() out_of_office_message?: string | null;

  @ApiPropertyOptional({ type: [WorkingHoursDto] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => WorkingHoursDto)
  working_hours?: WorkingHoursDto[];

  @ApiPropertyOptional({ example: 'America/Sao_Paulo' }) @MayBeOmitted() @IsString() @MaxLength(100) timezone?: string;
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() csat_survey_enabled?: boolean;
  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() enable_auto_assignment?: boolean;

  @ApiPropertyOptional({ type: AutoAssignmentConfigDto })
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => AutoAssignmentConfigDto)
  auto_assignment_config?: AutoAssignmentConfigDto;

  @ApiPropertyOptional() @MayBeOmitted() @IsBoolean() allow_messages_after_resolved?: boolean;
  @ApiPropertyOptional({ description: 'API and web-widget inboxes: contacts must prove their identifier' })
  @MayBeOmitted()
  @IsBoolean()
  hmac_mandatory?: boolean;
  @ApiPropertyOptional({ nullable: true, description: 'Text shown in place of a deleted message' })
  @OptionalText(1000)
  message_deleted_placeholder?: string | null;
}

export class UpdateInboxDto extends InboxSettingsDto implements UpdateInboxInput {
  @ApiPropertyOptional() @MayBeOmitted() @IsString() @MaxLength(255) name?: string;
}

/** `{name, channel: {type, …}}`; `channel_type` (e.g. `Channel::Api`) is accepted instead of `channel.type`. */
export class CreateInboxDto extends InboxSettingsDto {
  @ApiProperty({ example: 'Website' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @ApiPropertyOptional({ type: ChannelDto })
  @ValidateIf((dto: CreateInboxDto) => dto.channel !== undefined || dto.channel_type === undefined)
  @ValidateNested()
  @Type(() => ChannelDto)
  channel?: ChannelDto;

  @ApiPropertyOptional({ enum: CHANNEL_TYPE_VALUES })
  @MayBeOmitted()
  @IsIn(CHANNEL_TYPE_VALUES)
  channel_type?: ChannelType;
}

export class SetAgentBotDto {
  @ApiProperty({ nullable: true, description: 'Agent bot id, or null to disconnect' })
  @ValidateIf((_, value) => value !== null)
  @IsInt()
  agent_bot: number | null;
}

/** The `{v1}/inbox_members` routes name the inbox in the body. */
export class InboxMembersDto extends UserIdsDto {
  @ApiProperty() @ToInteger() @IsId() inbox_id: number;
}
