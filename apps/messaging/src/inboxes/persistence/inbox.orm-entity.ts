import type { ChannelType, WorkingHoursEntry } from '@parley/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'inboxes' })
export class InboxEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'channel_type', type: 'text' })
  channelType: ChannelType;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ name: 'website_url', type: 'text', nullable: true })
  websiteUrl: string | null;

  @Column({ name: 'widget_color', type: 'text', nullable: true })
  widgetColor: string | null;

  @Column({ name: 'webhook_url', type: 'text', nullable: true })
  webhookUrl: string | null;

  @Column({ name: 'inbox_identifier', type: 'text', nullable: true })
  inboxIdentifier: string | null;

  @Column({ type: 'text', nullable: true })
  secret: string | null;

  @Column({ name: 'avatar_url', type: 'text', nullable: true })
  avatarUrl: string | null;

  @Column({ name: 'website_token', type: 'text', nullable: true })
  websiteToken: string | null;

  @Column({ name: 'welcome_title', type: 'text', nullable: true })
  welcomeTitle: string | null;

  @Column({ name: 'welcome_tagline', type: 'text', nullable: true })
  welcomeTagline: string | null;

  @Column({ name: 'greeting_enabled', type: 'boolean', default: false })
  greetingEnabled: boolean;

  @Column({ name: 'greeting_message', type: 'text', nullable: true })
  greetingMessage: string | null;

  @Column({ name: 'working_hours_enabled', type: 'boolean', default: false })
  workingHoursEnabled: boolean;

  @Column({ name: 'out_of_office_message', type: 'text', nullable: true })
  outOfOfficeMessage: string | null;

  @Column({ name: 'working_hours', type: 'jsonb', default: () => "'[]'" })
  workingHours: WorkingHoursEntry[];

  @Column({ type: 'text', default: 'UTC' })
  timezone: string;

  @Column({ name: 'csat_survey_enabled', type: 'boolean', default: false })
  csatSurveyEnabled: boolean;

  @Column({ name: 'enable_auto_assignment', type: 'boolean', default: true })
  enableAutoAssignment: boolean;

  @Column({ name: 'max_assignment_limit', type: 'integer', nullable: true })
  maxAssignmentLimit: number | null;

  @Column({ name: 'allow_messages_after_resolved', type: 'boolean', default: true })
  allowMessagesAfterResolved: boolean;

  @Column({ name: 'message_deleted_placeholder', type: 'text', nullable: true })
  messageDeletedPlaceholder: string | null;

  @Column({ name: 'agent_bot_id', type: 'integer', nullable: true })
  agentBotId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
