import { Inject, Injectable } from '@nestjs/common';
import type { OutgoingAttachment, SendRequest } from '@parley/channels';
import { CHANNEL_TYPES, type ConversationSender } from '@parley/contracts';
import { FILE_STORAGE, type FileStorage } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationLoader } from '../conversations/conversation.loader';
import { MessageLoader } from '../conversations/message.loader';
import { InboxesLoader, type ChannelInbox } from '../inboxes/inboxes.loader';
import { withSurveyLink } from './survey-link.rules';

/** What one send attempt needs, read when it starts (an edit or a deletion before it is seen). */
export interface SendContext {
  inbox: ChannelInbox;
  request: Omit<SendRequest<unknown>, 'inbox'>;
  /** The contact has no address on this channel: the send fails without calling the provider. */
  missingAddress: string | null;
}

/** The contact's address at the channel: e-mail for the e-mail channel, else the contact inbox's id there. */
function addressOf(channel: string, sender: ConversationSender | null, sourceId: string): string | null {
  if (channel === CHANNEL_TYPES.email) return sender?.email ?? null;
  if (channel === CHANNEL_TYPES.sms) return sender?.phone_number ?? sourceId;
  return sourceId;
}

/** Reads an outgoing message, its conversation's thread, its contact and its inbox into a send request. */
@Injectable()
export class SendRequestLoader {
  constructor(
    private readonly messages: MessageLoader,
    private readonly conversations: ConversationLoader,
    private readonly inboxes: InboxesLoader,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Null when the message or its inbox is gone (deleted since it was queued). */
  async load(tx: EntityManager, messageId: number): Promise<SendContext | null> {
    const message = (await this.messages.byIds([messageId], tx)).get(messageId);
    if (!message) return null;
    const inbox = await this.inboxes.channelOf(tx, message.inbox_id);
    if (!inbox) return null;
    const conversationId = await this.messages.conversationIdOf(tx, messageId);
    const [conversation, thread, files, templateParams] = await Promise.all([
      this.conversations.snapshot(conversationId, tx),
      this.messages.threadOf(tx, messageId),
      this.messages.filesOf(tx, messageId),
      this.messages.templateParamsOf(tx, messageId),
    ]);
    const sender = conversation.meta.sender;
    const address = addressOf(inbox.channel_type, sender, await this.messages.conversationSourceId(tx, conversationId));
    const attachments: OutgoingAttachment[] = files.map((file, index) => ({
      filename: file.file_name,
      contentType: file.content_type,
      url: message.attachments[index]?.data_url,
      open: async () => {
        const opened = await this.storage.open(file.storage_key);
        if (!opened) throw new Error(`file ${file.file_name} is missing from storage`);
        return opened.stream;
      },
    }));
    return {
      inbox,
      missingAddress: address ? null : 'the contact has no address on this channel (e-mail or phone number)',
      request: {
        message: {
          id: message.id,
          content: withSurveyLink(message.content, message.content_attributes),
          senderName: message.sender?.type === 'user' ? message.sender.name : null,
          attachments,
          contentType: message.content_type,
          contentAttributes: message.content_attributes,
          templateParams,
        },
        thread,
        contact: { address: address ?? '', name: sender?.name ?? null },
      },
    };
  }
}
