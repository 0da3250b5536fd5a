import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AccountFiles,
  DEFAULT_MESSAGE_DELETED_PLACEHOLDER,
  MessageErrors,
  MessageEvents,
  type AccountScoped,
  type CreateMessageInput,
  type Message,
  type MessagesPage,
  type MessagesQuery,
} from '@parley/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, FILE_STORAGE, isUniqueViolation, Outbox, type FileStorage } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ConversationAccessService } from '../conversations/conversation-access.service';
import { ConversationLoader } from '../conversations/conversation.loader';
import { composeMessage } from '../conversations/message-input.rules';
import { MessageLoader } from '../conversations/message.loader';
import { MessageWriter } from '../conversations/message.writer';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { StatusService } from '../status/status.service';

const DEFAULT_PAGE = 20;
const AFTER_PAGE = 100;

/** A conversation's messages: list, create (with the channel's rules), delete; the writes go through conversations/. */
@Injectable()
export class MessagesService {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    private readonly access: ConversationAccessService,
    private readonly conversations: ConversationLoader,
    private readonly status: StatusService,
    private readonly writer: MessageWriter,
    private readonly loader: MessageLoader,
    private readonly inboxes: InboxesLoader,
    private readonly outbox: Outbox,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A deleted account's attachment files (their rows went with the account). */
  async removeFilesOfAccount(accountId: number): Promise<void> {
    await this.storage.removeAll(AccountFiles.messages(accountId));
  }

  /** Oldest first: the latest 20, 20 before `before`, or up to 100 after `after`. */
  async list(scope: AccountScoped, displayId: number, query: MessagesQuery): Promise<MessagesPage> {
    const conversation = await this.access.find(scope, displayId);
    const payload = await this.loader.page(conversation.id, {
      before: query.before,
      after: query.after,
      limit: query.after !== undefined ? AFTER_PAGE : DEFAULT_PAGE,
    });
    const snapshot = await this.conversations.snapshot(conversation.id);
    return {
      meta: {
        labels: snapshot.labels,
        additional_attributes: snapshot.additional_attributes,
        contact: snapshot.meta.sender ? { id: snapshot.meta.sender.id, name: snapshot.meta.sender.name } : null,
        assignee: snapshot.meta.assignee
          ? {
              id: snapshot.meta.assignee.id,
              name: snapshot.meta.assignee.name,
              available_name: snapshot.meta.assignee.available_name,
            }
          : null,
        agent_last_seen_at: snapshot.agent_last_seen_at,
      },
      payload,
    };
  }

  async create(scope: AccountScoped, displayId: number, input: CreateMessageInput): Promise<Message> {
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        // No row lock here: the writer's single UPDATE serialises writers of one conversation.
        const { conversation, before, inbox, callerName } = await this.access.findForMessage(tx, scope, displayId);
        const repeat = await this.loader.repeatOf(tx, conversation.id, input.echo_id ?? null, input.source_id ?? null);
        if (repeat) return this.loader.one(repeat.id, tx);
        const setting = {
          channel: inbox.channel_type,
          lastIncomingAt: conversation.last_incoming_at,
          contactId: conversation.contact_id,
          userId: scope.caller.user_id,
        };
        const message = await this.writer.write(
          tx,
          emit,
          conversation,
          { ...composeMessage(input, setting), senderName: callerName },
          before,
        );
        if (message.message_type === 'incoming')
          await this.status.wakeUpOnIncoming(tx, emit, conversation, inbox.allow_messages_after_resolved);
        return message;
      });
    } catch (error) {
      // A concurrent retry with the same echo_id / source_id won: answer with its message.
      if (!isUniqueViolation(error)) throw error;
      const conversation = await this.access.find(scope, displayId);
      const winner = await this.loader.repeatOf(
        this.dataSource.manager,
        conversation.id,
        input.echo_id ?? null,
        input.source_id ?? null,
      );
      if (winner) return this.loader.one(winner.id);
      throw error;
    }
  }

  /**
   * An outgoing message with a copy of a stored attachment: a copy, so deleting either message
   * leaves the other's file alone.
   */
  async sendAttachment(
    scope: AccountScoped,
    displayId: number,
    attachmentId: number,
    echoId: string | null,
  ): Promise<Message> {
    const source = await this.loader.attachmentFile(scope.account_id, attachmentId);
    const opened = source ? await this.storage.open(source.storage_key) : null;
    if (!source || !opened)
      throw new DomainError(MessageErrors.attachmentNotFound, 'Attachment not found', ['attachment_id']);
    const key = `${AccountFiles.messages(scope.account_id)}/${randomUUID()}/${source.file_name}`;
    const size = await this.storage.put(key, opened.stream, opened.size);
    try {
      return await this.create(scope, displayId, {
        message_type: 'outgoing',
        files: [{ storage_key: key, file_name: source.file_name, content_type: source.content_type, file_size: size }],
        echo_id: echoId,
      });
    } catch (error) {
      await this.storage.remove(key).catch(() => undefined);
      throw error;
    }
  }

  existingAttachments(accountId: number, ids: number[]): Promise<number[]> {
    return this.loader.existingAttachments(accountId, ids);
  }

  /** Leaves a placeholder: the inbox's text, `deleted: true`, no attachments. */
  async delete(scope: AccountScoped, displayId: number, messageId: number): Promise<Message> {
    let removedKeys: string[] = [];
    const id = await this.outbox.transaction(async (tx, emit) => {
      const conversation = await this.access.find(scope, displayId, { tx, lock: true });
      const message = await this.loader.inConversation(tx, conversation.id, messageId);
      if (!message) throw new DomainError(MessageErrors.notFound, 'Message not found');
      if (message.message_type === 'activity')
        throw new DomainError(MessageErrors.activityNotDeletable, 'Activity messages cannot be deleted', ['id']);
      const inbox = await this.inboxes.messageSettings(tx, conversation.inbox_id);
      const previousContent = message.content;
      const placeholder = inbox.message_deleted_placeholder ?? DEFAULT_MESSAGE_DELETED_PLACEHOLDER;
      removedKeys = await this.writer.replaceWithPlaceholder(tx, message.id, placeholder);
      await emit(MessageEvents.updated, conversation.account_id, {
        message: await this.loader.one(message.id, tx),
        conversation: await this.conversations.snapshot(conversation.id, tx),
        changed_attributes: [{ content: { previous_value: previousContent, current_value: placeholder } }],
      });
      return message.id;
    });
    for (const key of removedKeys)
      await this.storage
        .remove(key)
        .catch((error) => this.logger.warn(`Could not remove ${key}: ${(error as Error).message}`));
    return this.loader.one(id);
  }
}
