import type { ConversationStatus, Priority } from '@parley/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'conversations' })
export class ConversationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The per-account number clients see as `id`. */
  @Column({ name: 'display_id', type: 'integer' })
  displayId: number;

  @Column({ name: 'inbox_id', type: 'integer' })
  inboxId: number;

  @Column({ name: 'contact_id', type: 'integer' })
  contactId: number;

  @Column({ name: 'source_id', type: 'text' })
  sourceId: string;

  @Column({ type: 'text' })
  status: ConversationStatus;

  @Column({ name: 'assignee_id', type: 'integer', nullable: true })
  assigneeId: number | null;

  @Column({ name: 'team_id', type: 'integer', nullable: true })
  teamId: number | null;

  @Column({ type: 'text', nullable: true })
  priority: Priority | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  labels: string[];

  @Column({ type: 'boolean', default: false })
  muted: boolean;

  @Column({ name: 'snoozed_until', type: 'timestamptz', nullable: true })
  snoozedUntil: Date | null;

  @Column({ name: 'custom_attributes', type: 'jsonb', default: () => "'{}'" })
  customAttributes: Record<string, unknown>;

  @Column({ name: 'additional_attributes', type: 'jsonb', default: () => "'{}'" })
  additionalAttributes: Record<string, unknown>;

  @Column({ name: 'campaign_id', type: 'integer', nullable: true })
  campaignId: number | null;

  @Column({ name: 'messages_count', type: 'integer', default: 0 })
  messagesCount: number;

  @Column({ name: 'unread_count', type: 'integer', default: 0 })
  unreadCount: number;

  @Column({ name: 'last_message_id', type: 'integer', nullable: true })
  lastMessageId: number | null;

  @Column({ name: 'last_non_activity_message_id', type: 'integer', nullable: true })
  lastNonActivityMessageId: number | null;

  @Column({ name: 'last_incoming_at', type: 'timestamptz', nullable: true })
  lastIncomingAt: Date | null;

  @Column({ name: 'agent_last_seen_at', type: 'timestamptz', nullable: true })
  agentLastSeenAt: Date | null;

  @Column({ name: 'contact_last_seen_at', type: 'timestamptz', nullable: true })
  contactLastSeenAt: Date | null;

  @Column({ name: 'last_activity_at', type: 'timestamptz' })
  lastActivityAt: Date;

  @Column({ name: 'waiting_since', type: 'timestamptz', nullable: true })
  waitingSince: Date | null;

  @Column({ name: 'first_reply_created_at', type: 'timestamptz', nullable: true })
  firstReplyCreatedAt: Date | null;

  @Column({ name: 'assigned_at', type: 'timestamptz', nullable: true })
  assignedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
