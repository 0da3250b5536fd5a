import { Injectable } from '@nestjs/common';
import {
  CsatPatterns,
  CSAT_CONTENT_TYPE,
  CSAT_TOKEN_ATTRIBUTE,
  ConversationErrors,
  ConversationEvents,
  MessageEvents,
  PublicApiErrors,
  type Message,
  type PublicContactRef,
  type PublicConversation,
  type PublicConversationRef,
  type PublicMessage,
  type PublicMessageInput,
  type SubmittedValue,
} from '@parley/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, isUniqueViolation, Outbox, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationChecksService } from '../conversations/conversation-checks.service';
import { ConversationInsertsWriter } from '../conversations/conversation-inserts.writer';
import { ConversationLoader } from '../conversations/conversation.loader';
import { ContactConversationsLoader } from '../conversations/contact-conversations.loader';
import { MessageLoader } from '../conversations/message.loader';
import { MessageWriter } from '../conversations/message.writer';
import { StatusService } from '../status/status.service';
import { notFound, PublicAccessService, type PublicContactContext } from './public-access.service';
import { toPublicConversation, toPublicMessage } from './public-api.mapper';

/** Messages a public conversation carries (the reference pages none; this bounds a long one). */
const CONVERSATION_MESSAGES = 500;
const MESSAGES_PAGE = 20;
const CSAT_WINDOW_SECONDS = 14 * 24 * 3600;

/**
 * The public client API's conversations and messages: a widget's or bridge's contact writes
 * through the same path as any channel's sender (incoming message, reopening, auto-assignment,
 * events), and sees its conversations without private notes or activity.
 */
@Injectable()
export class PublicConversationsService {
  constructor(
    private readonly access: PublicAccessService,
    private readonly reached: ContactConversationsLoader,
    private readonly loader: ConversationLoader,
    private readonly messages: MessageLoader,
    private readonly writer: MessageWriter,
    private readonly inserts: ConversationInsertsWriter,
    private readonly checks: ConversationChecksService,
    private readonly changes: ConversationChangesService,
    private readonly status: StatusService,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(ref: PublicContactRef): Promise<PublicConversation[]> {
    const context = await this.access.contact(ref);
    const rows = await this.reached.ids(context.reach);
    return Promise.all(rows.map((row) => this.render(context, row.id, row.uuid)));
  }

  async show(ref: PublicConversationRef): Promise<PublicConversation> {
    const context = await this.access.contact(ref);
    const conversation = await this.access.conversation(context, ref);
    return this.render(context, conversation.id, conversation.uuid);
  }

  async create(ref: PublicContactRef, customAttributes: Record<string, unknown>): Promise<PublicConversation> {
    const context = await this.access.contact(ref);
    if (context.link.contact.blocked)
      throw new DomainError(ConversationErrors.contactBlocked, 'Contact is blocked and cannot start conversations');
    const { inbox, link } = context;
    const [displayId] = await this.inserts.nextDisplayIds(inbox.account_id, 1);
    const created = await this.outbox.transaction(async (tx, emit) => {
      const attributes = await this.checks.validatedAttributes(tx, inbox.account_id, customAttributes);
      const { conversation } = await this.inserts.insert(tx, emit, inbox.account_id, displayId, {
        inbox_id: inbox.id,
        contact_id: link.contact.id,
        source_id: link.source_id,
        status: 'open',
        assignee_id: null,
        team_id: null,
        custom_attributes: attributes,
        additional_attributes: {},
        campaign_id: null,
      });
      await this.changes.autoAssign(tx, emit, conversation);
      return conversation;
    });
    const row = await this.access.conversation(context, { ...ref, conversation_id: created.display_id });
    return this.render(context, row.id, row.uuid);
  }

  /** The contact can only resolve (already resolved: nothing changes). */
  async resolve(ref: PublicConversationRef): Promise<PublicConversation> {
    const context = await this.access.contact(ref);
    const found = await this.outbox.transaction(async (tx, emit) => {
      const conversation = await this.access.conversation(context, ref, tx);
      if (conversation.status !== 'resolved')
        await this.changes.apply(tx, emit, conversation, { status: 'resolved' }, { actor: context.link.contact.name });
      return conversation;
    });
    return this.render(context, found.id, found.uuid);
  }

  async toggleTyping(ref: PublicConversationRef, typing: 'on' | 'off'): Promise<null> {
    const context = await this.access.contact(ref);
    const conversation = await this.access.conversation(context, ref);
    await this.outbox.transaction(async (tx, emit) => {
      const contact = context.link.contact;
      await emit(
        typing === 'on' ? ConversationEvents.typingOn : ConversationEvents.typingOff,
        context.inbox.account_id,
        {
          conversation: await this.loader.snapshot(conversation.id, tx),
          user: { id: contact.id, name: contact.name ?? '', type: 'contact' },
        },
      );
    });
    return null;
  }

  async updateLastSeen(ref: PublicConversationRef): Promise<null> {
    const context = await this.access.contact(ref);
    await this.outbox.transaction(async (tx, emit) => {
      const conversation = await this.access.conversation(context, ref, tx);
      await this.reached.markSeenByContact(tx, conversation.id);
      await emit(ConversationEvents.read, context.inbox.account_id, {
        conversation: await this.loader.snapshot(conversation.id, tx),
      });
    });
    return null;
  }

  async listMessages(ref: PublicConversationRef, before?: number): Promise<PublicMessage[]> {
    const context = await this.access.contact(ref);
    const conversation = await this.access.conversation(context, ref);
    const page = await this.messages.page(conversation.id, { before, limit: MESSAGES_PAGE, contactVisible: true });
    return page.map(toPublicMessage);
  }

  /** An incoming message from the contact, as any channel's sender writes one; a retried `echo_id` answers the first. */
  async createMessage(ref: PublicConversationRef, input: PublicMessageInput): Promise<PublicMessage> {
    const context = await this.access.contact(ref);
    const conversation = await this.access.conversation(context, ref);
    const echoId = input.echo_id?.trim() || null;
    try {
      const message = await this.outbox.transaction(async (tx, emit) => {
        // No row lock here: the writer's single UPDATE serialises writers of one conversation.
        const repeat = await this.messages.repeatOf(tx, conversation.id, echoId, null);
        if (repeat) return this.messages.one(repeat.id, tx);
        const written = await this.writer.write(tx, emit, conversation, {
          content: input.content ?? null,
          messageType: 'incoming',
          echoId,
          senderType: 'contact',
          senderId: context.link.contact.id,
          files: input.files ?? [],
        });
        await this.status.wakeUpOnIncoming(tx, emit, conversation, context.inbox.allow_messages_after_resolved);
        return written;
      });
      return toPublicMessage(message);
    } catch (error) {
      // A concurrent retry with the same echo_id won: answer with its message.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.messages.repeatOf(this.dataSource.manager, conversation.id, echoId, null);
      if (winner) return toPublicMessage(await this.messages.one(winner.id));
      throw error;
    }
  }

  /** The contact's answer to an input message; a CSAT survey's rating also reaches the report. */
  async submit(ref: PublicConversationRef, messageId: number, values: SubmittedValue[]): Promise<PublicMessage> {
    const context = await this.access.contact(ref);
    const conversation = await this.access.conversation(context, ref);
    const found = (await this.messages.byIds([messageId])).get(messageId);
    if (!found || found.conversation_id !== conversation.display_id || found.account_id !== context.inbox.account_id)
      throw notFound();
    if (!found.content_type.startsWith('input_') && found.content_type !== 'form')
      throw new DomainError(PublicApiErrors.notSubmittable, 'This message takes no submitted values');
    const isCsat = found.content_type === CSAT_CONTENT_TYPE;
    if (isCsat && Date.now() / 1000 - found.created_at > CSAT_WINDOW_SECONDS)
      throw new DomainError(PublicApiErrors.csatExpired, 'You cannot update the CSAT survey after 14 days');
    const rating = values.find((value) => value.csat_survey_response)?.csat_survey_response;
    const token = found.content_attributes[CSAT_TOKEN_ATTRIBUTE];
    if (isCsat && rating?.rating !== undefined && typeof token === 'string')
      await this.rpc.send(CsatPatterns.rate, {
        token,
        data: { rating: rating.rating, feedback_message: rating.feedback_message ?? null },
      });
    const updated = await this.outbox.transaction(async (tx, emit) => {
      await this.writer.setSubmittedValues(tx, messageId, values);
      const message: Message = await this.messages.one(messageId, tx);
      await emit(MessageEvents.updated, message.account_id, {
        message,
        conversation: await this.loader.snapshot(conversation.id, tx),
        changed_attributes: [
          {
            content_attributes: {
              previous_value: found.content_attributes,
              current_value: message.content_attributes,
            },
          },
        ],
      });
      return message;
    });
    return toPublicMessage(updated);
  }

  private async render(context: PublicContactContext, id: number, uuid: string): Promise<PublicConversation> {
    const [conversation] = await this.loader.conversations([id], { withLastMessage: false });
    const messages = await this.messages.page(id, { limit: CONVERSATION_MESSAGES, contactVisible: true });
    return toPublicConversation({ ...conversation, uuid }, messages, context.link.contact);
  }
}
