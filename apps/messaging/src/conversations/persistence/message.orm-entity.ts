import type { ContentType, MessageStatus, MessageType, TemplateParams } from '@parley/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'messages' })
export class MessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  /** The conversation's internal id (clients see its display id). */
  @Column({ name: 'conversation_id', type: 'integer' })
  conversationId: number;

  @Column({ name: 'inbox_id', type: 'integer' })
  inboxId: number;

  @Column({ type: 'text', nullable: true })
  content: string | null;

  @Column({ name: 'message_type', type: 'text' })
  messageType: MessageType;

  @Column({ name: 'content_type', type: 'text', default: 'text' })
  contentType: ContentType;

  @Column({ name: 'content_attributes', type: 'jsonb', default: () => "'{}'" })
  contentAttributes: Record<string, unknown>;

  @Column({ type: 'text', default: 'sent' })
  status: MessageStatus;

  @Column({ type: 'boolean', default: false })
  private: boolean;

  @Column({ name: 'source_id', type: 'text', nullable: true })
  sourceId: string | null;

  @Column({ name: 'echo_id', type: 'text', nullable: true })
  echoId: string | null;

  @Column({ name: 'sender_type', type: 'text', nullable: true })
  senderType: 'contact' | 'user' | 'agent_bot' | null;

  @Column({ name: 'sender_id', type: 'integer', nullable: true })
  senderId: number | null;

  @Column({ name: 'external_error', type: 'text', nullable: true })
  externalError: string | null;

  @Column({ name: 'template_params', type: 'jsonb', nullable: true })
  templateParams: TemplateParams | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
