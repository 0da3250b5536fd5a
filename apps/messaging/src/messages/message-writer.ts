import { Injectable } from '@nestjs/common';
import { MessageEvents, type ContentType, type MessageStatus, type MessageType, type StoredFile, type TemplateParams } from '@parley/contracts';
import { fileTypeOf, type Emit } from '@parley/service-kit';
import { extname } from 'node:path';
import type { EntityManager } from 'typeorm';
import { ConversationLoader } from '../conversations/conversation-loader';
import { ConversationEntity } from '../conversations/persistence/conversation.orm-entity';
import { MessageLoader } from './message-loader';
import { AttachmentEntity } from './persistence/attachment.orm-entity';
import { MessageEntity } from './persistence/message.orm-entity';

export interface NewMessage {
  content: string | null;
  messageType: MessageType;
  contentType?: ContentType;
  contentAttributes?: Record<string, unknown>;
  private?: boolean;
  sourceId?: string | null;
  echoId?: string | null;
  senderType?: 'contact' | 'user' | 'agent_bot' | null;
  senderId?: number | null;
  templateParams?: TemplateParams | null;
  files?: StoredFile[];
}

/**
 * Adds a message to a conversation and keeps the conversation's counters and timestamps in
 * step (last activity, unread count, waiting since, first reply), in the caller's transaction.
 */
@Injectable()
export class MessageWriter {
  constructor(
    private readonly conversations: ConversationLoader,
    private readonly messages: MessageLoader,
  ) {}

  async write(tx: EntityManager, emit: Emit, conversation: ConversationEntity, input: NewMessage): Promise<MessageEntity> {
    const now = new Date();
    const status: MessageStatus = input.messageType === 'incoming' ? 'received' : 'sent';
    const message = await tx.save(
      tx.create(MessageEntity, {
        accountId: conversation.accountId,
        conversationId: conversation.id,
        inboxId: conversation.inboxId,
        content: input.content,
        messageType: input.messageType,
        contentType: input.contentType ?? 'text',
        contentAttributes: input.contentAttributes ?? {},
        status,
        private: input.private ?? false,
        sourceId: input.sourceId ?? null,
        echoId: input.echoId ?? null,
        senderType: input.senderType ?? null,
        senderId: input.senderId ?? null,
        templateParams: input.templateParams ?? null,
        externalError: null,
      }),
    );
    for (const file of input.files ?? []) {
      await tx.insert(AttachmentEntity, {
        messageId: message.id,
        accountId: conversation.accountId,
        fileType: fileTypeOf(file.content_type),
        extension: extname(file.file_name).replace(/^\./, '').toLowerCase() || null,
        contentType: file.content_type,
        fileName: file.file_name,
        fileSize: file.file_size,
        storageKey: file.storage_key,
      });
    }
    this.advanceConversation(conversation, message, now);
    await tx.update(
      ConversationEntity,
      { id: conversation.id },
      {
        lastMessageId: conversation.lastMessageId,
        lastNonActivityMessageId: conversation.lastNonActivityMessageId,
        messagesCount: conversation.messagesCount,
        unreadCount: conversation.unreadCount,
        lastIncomingAt: conversation.lastIncomingAt,
        lastActivityAt: conversation.lastActivityAt,
        waitingSince: conversation.waitingSince,
        firstReplyCreatedAt: conversation.firstReplyCreatedAt,
        agentLastSeenAt: conversation.agentLastSeenAt,
      },
    );
    await emit(MessageEvents.created, conversation.accountId, {
      message: await this.messages.one(message.id, tx),
      conversation: await this.conversations.snapshot(conversation.id, tx),
    });
    return message;
  }

  private advanceConversation(conversation: ConversationEntity, message: MessageEntity, now: Date): void {
    conversation.lastMessageId = message.id;
    if (message.messageType === 'activity') return;
    conversation.lastNonActivityMessageId = message.id;
    conversation.messagesCount += 1;
    conversation.lastActivityAt = now;
    if (message.messageType === 'incoming') {
      conversation.unreadCount += 1;
      conversation.lastIncomingAt = now;
      conversation.waitingSince ??= now;
    } else if (!message.private && message.senderType === 'user') {
      // An agent's reply: the customer is no longer waiting, and the agent has seen the conversation.
      conversation.firstReplyCreatedAt ??= now;
      conversation.waitingSince = null;
      conversation.agentLastSeenAt = now;
      conversation.unreadCount = 0;
    }
  }
}
