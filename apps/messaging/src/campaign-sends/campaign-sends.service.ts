import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ContactLinkPatterns,
  ConversationErrors,
  MessageErrors,
  type AccountScoped,
  type CampaignMessageSent,
  type CampaignSendRequest,
  type CampaignSendResult,
  type ErrorCode,
} from '@parley/contracts';
import { DomainError, Outbox, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { ConversationAccessService } from '../conversations/conversation-access.service';
import { ConversationInsertsWriter } from '../conversations/conversation-inserts.writer';
import { ConversationLoader } from '../conversations/conversation.loader';
import { ConversationWriter } from '../conversations/conversation.writer';
import { MessageWriter } from '../conversations/message.writer';
import { canReplyAt } from '../conversations/messaging-window.rules';
import { IdentityLoader } from '../identity/identity.loader';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { ContactsViewService, type ViewedContact } from '../read-models/contacts-view/contacts-view.service';

/** A campaign send's conversation (its row and display id) and message. */
interface CampaignSendFound {
  id: number;
  display_id: number;
  message_id: number;
}

/** What a campaign send came to, with its conversation's row id (messaging's own) when it went. */
type CampaignSendAnswer =
  | Extract<CampaignSendResult, { error: string }>
  | (Extract<CampaignSendResult, { message_id: number }> & { rowId: number });

/** Campaigns' messages: a new conversation per contact opened by the campaign's message, once per key. */
@Injectable()
export class CampaignSendsService {
  constructor(
    private readonly access: ConversationAccessService,
    private readonly inserts: ConversationInsertsWriter,
    private readonly loader: ConversationLoader,
    private readonly writer: ConversationWriter,
    private readonly messages: MessageWriter,
    private readonly contacts: ContactsViewService,
    private readonly identity: IdentityLoader,
    private readonly inboxes: InboxesLoader,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * A campaign's message to a contact: a new open conversation of the contact in the inbox
   * (marked with the campaign), opened by an outgoing message from the caller through the inbox's
   * channel, its rules applied (a closed messaging window refuses it). The key is claimed in the
   * same transaction (command_keys, as assign_best_agent's): a repeat sends nothing and answers the
   * first send.
   */
  async sendForCampaign(
    scope: AccountScoped,
    input: { inbox_id: number; contact_id: number; campaign_id: number; content: string; key: string },
  ): Promise<CampaignMessageSent> {
    const [result] = await this.sendCampaignMessages(scope, {
      inbox_id: input.inbox_id,
      campaign_id: input.campaign_id,
      sends: [input],
    });
    if ('error' in result) throw new DomainError(result.code, result.error, ['contact_id']);
    return { conversation: await this.loader.snapshot(result.rowId), message_id: result.message_id };
  }

  /** Several contacts' messages of one campaign in one transaction (see `sendCampaignMessages`). */
  async sendManyForCampaign(
    scope: AccountScoped,
    input: { inbox_id: number; campaign_id: number; sends: CampaignSendRequest[] },
  ): Promise<CampaignSendResult[]> {
    const results = await this.sendCampaignMessages(scope, input);
    return results.map((result) =>
      'error' in result
        ? { contact_id: result.contact_id, error: result.error, code: result.code }
        : { contact_id: result.contact_id, conversation_id: result.conversation_id, message_id: result.message_id },
    );
  }

  /**
   * Several contacts' messages of one campaign in one transaction (the sends of
   * `sendForCampaign`, each with its key): a contact missing or blocked is answered with its
   * error and the others go; a refusal of the inbox (gone, window closed) sends nothing. Display
   * ids are taken before the transaction, so the account's counter is not held while it runs.
   */
  private async sendCampaignMessages(
    scope: AccountScoped,
    input: { inbox_id: number; campaign_id: number; sends: CampaignSendRequest[] },
  ): Promise<CampaignSendAnswer[]> {
    const earlier = await this.loader.campaignSends(
      this.dataSource.manager,
      scope.account_id,
      input.campaign_id,
      input.sends,
    );
    const results = new Map<string, CampaignSendAnswer>();
    const answer = (send: CampaignSendRequest, found: CampaignSendFound) =>
      results.set(send.key, {
        contact_id: send.contact_id,
        conversation_id: found.display_id,
        message_id: found.message_id,
        rowId: found.id,
      });
    const refuse = (send: CampaignSendRequest, code: ErrorCode, error: string) =>
      results.set(send.key, { contact_id: send.contact_id, error, code });
    const fresh: CampaignSendRequest[] = [];
    // A key given twice is one send.
    for (const send of new Map(input.sends.map((send) => [send.key, send])).values()) {
      const found = earlier.get(send.key);
      if (found) answer(send, found);
      else fresh.push(send);
    }
    const contacts =
      fresh.length > 0
        ? await this.contacts.findMany(
            scope.account_id,
            fresh.map((send) => send.contact_id),
          )
        : new Map<number, ViewedContact>();
    const ready: CampaignSendRequest[] = [];
    for (const send of fresh) {
      const contact = contacts.get(send.contact_id);
      if (!contact) refuse(send, ConversationErrors.contactMissing, 'Contact does not exist');
      else if (contact.blocked)
        refuse(send, ConversationErrors.contactBlocked, 'Contact is blocked and cannot start conversations');
      else ready.push(send);
    }
    if (ready.length > 0) {
      await this.access.assertInboxUsable(this.dataSource.manager, scope, input.inbox_id);
      const links = await this.linkedSourceIds(
        scope.account_id,
        input.inbox_id,
        ready.map((send) => send.contact_id),
      );
      const linked: Array<{ send: CampaignSendRequest; sourceId: string }> = [];
      for (const send of ready) {
        const sourceId = links.get(send.contact_id);
        // Deleted since the read model showed it: answered like any unknown contact.
        if (sourceId === undefined) refuse(send, ConversationErrors.contactMissing, 'Contact does not exist');
        else linked.push({ send, sourceId });
      }
      const displayIds = await this.inserts.nextDisplayIds(scope.account_id, linked.length);
      if (linked.length > 0)
        await this.outbox.transaction(async (tx, emit) => {
          const claimed = await this.writer.claimKeys(
            tx,
            linked.map((item) => item.send.key),
          );
          const raced = await this.loader.campaignSends(
            tx,
            scope.account_id,
            input.campaign_id,
            linked.filter((item) => !claimed.has(item.send.key)).map((item) => item.send),
          );
          const inbox = await this.inboxes.messageSettings(tx, input.inbox_id);
          if (!canReplyAt(inbox.channel_type, null, new Date())) {
            throw new DomainError(
              MessageErrors.windowClosed,
              'The 24-hour messaging window is closed: send an approved template (template_params) to reach this contact',
              ['template_params'],
            );
          }
          const senderName = await this.identity.shownName(tx, scope.caller.user_id);
          const sending = linked.filter((item) => {
            const first = raced.get(item.send.key);
            if (first) answer(item.send, first);
            return !first;
          });
          const inserted = await this.inserts.insertMany(
            tx,
            emit,
            scope.account_id,
            sending.map((item, index) => ({
              displayId: displayIds[index],
              fields: {
                inbox_id: input.inbox_id,
                contact_id: item.send.contact_id,
                source_id: item.sourceId,
                status: 'open',
                assignee_id: null,
                team_id: null,
                custom_attributes: {},
                additional_attributes: {},
                campaign_id: input.campaign_id,
              },
            })),
          );
          for (const [index, { conversation, snapshot }] of inserted.entries()) {
            const { send } = sending[index];
            const message = await this.messages.write(
              tx,
              emit,
              conversation,
              {
                content: send.content,
                messageType: 'outgoing',
                echoId: send.key,
                senderType: 'user',
                senderId: scope.caller.user_id,
                senderName,
              },
              snapshot,
            );
            answer(send, { id: conversation.id, display_id: conversation.display_id, message_id: message.id });
          }
        });
    }
    return input.sends.map((send) => results.get(send.key)!);
  }

  /** `linkedSourceId` for several contacts in one request to contacts (the inbox checked by the caller); contacts it does not have are left out. */
  private async linkedSourceIds(
    accountId: number,
    inboxId: number,
    contactIds: number[],
  ): Promise<Map<number, string>> {
    const { links } = await this.rpc.send(ContactLinkPatterns.ensureMany, {
      account_id: accountId,
      contact_ids: contactIds,
      inbox_id: inboxId,
    });
    return new Map(links.map((link) => [link.contact_id, link.source_id]));
  }
}
