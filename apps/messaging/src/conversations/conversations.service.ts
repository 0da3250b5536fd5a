import { Injectable } from '@nestjs/common';
import {
  ContactErrors,
  ContactLinkPatterns,
  ConversationErrors,
  ConversationEvents,
  type AccountScoped,
  type Conversation,
  type CreateConversationInput,
} from '@parley/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, Outbox, RpcCallError, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { IdentityLoader } from '../identity/identity.loader';
import { InboxesLoader, inboxesServedBy } from '../inboxes/inboxes.loader';
import { ContactsViewService } from '../read-models/contacts-view/contacts-view.service';
import { ConversationAccessService } from './conversation-access.service';
import { ConversationChangesService } from './conversation-changes.service';
import { ConversationChecksService } from './conversation-checks.service';
import { ConversationInsertsWriter } from './conversation-inserts.writer';
import { ConversationLoader } from './conversation.loader';
import { MessageWriter } from './message.writer';
import { openingMessage } from './opening-message.rules';

/**
 * The conversation itself: create, show, a contact's conversations, read and typing marks. The
 * other use cases have their own folders (assignment/, status/, conversation-attributes/, …).
 */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly access: ConversationAccessService,
    private readonly loader: ConversationLoader,
    private readonly changes: ConversationChangesService,
    private readonly checks: ConversationChecksService,
    private readonly inserts: ConversationInsertsWriter,
    private readonly messages: MessageWriter,
    private readonly contacts: ContactsViewService,
    private readonly identity: IdentityLoader,
    private readonly inboxes: InboxesLoader,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async show(scope: AccountScoped, displayId: number): Promise<Conversation> {
    const conversation = await this.access.find(scope, displayId);
    return this.loader.conversation(conversation.id);
  }

  async create(scope: AccountScoped, input: CreateConversationInput): Promise<Conversation> {
    let contact = await this.contacts.find(scope.account_id, input.contact_id);
    // The view may not have seen an unblock of a moment ago: the owner confirms a block before it refuses.
    if (contact?.blocked) contact = await this.contacts.fromOwner(scope.account_id, input.contact_id);
    if (!contact) throw new DomainError(ConversationErrors.contactMissing, 'Contact does not exist', ['contact_id']);
    if (contact.blocked)
      throw new DomainError(ConversationErrors.contactBlocked, 'Contact is blocked and cannot start conversations', [
        'contact_id',
      ]);
    // Before anything is made (a contact link, a display id): the inbox, then the opening message under its channel's rules.
    await this.access.assertInboxUsable(this.dataSource.manager, scope, input.inbox_id);
    const opening = input.message
      ? openingMessage(input.message, {
          channel: (await this.inboxes.messageSettings(this.dataSource.manager, input.inbox_id)).channel_type,
          contactId: contact.id,
          userId: scope.caller.user_id,
        })
      : null;
    const sourceId = input.source_id?.trim()
      ? input.source_id
      : await this.linkedSourceId(scope, input.inbox_id, contact.id);
    const [displayId] = await this.inserts.nextDisplayIds(scope.account_id, 1);
    const id = await this.outbox.transaction(async (tx, emit) => {
      await this.access.assertInboxUsable(tx, scope, input.inbox_id);
      if (input.assignee_id !== undefined)
        await this.checks.assertAssignable(tx, scope.account_id, input.inbox_id, input.assignee_id);
      if (input.team_id !== undefined) await this.checks.assertTeam(tx, scope.account_id, input.team_id);
      const customAttributes = await this.checks.validatedAttributes(
        tx,
        scope.account_id,
        input.custom_attributes ?? {},
      );
      const { conversation, snapshot } = await this.inserts.insert(tx, emit, scope.account_id, displayId, {
        inbox_id: input.inbox_id,
        contact_id: contact.id,
        source_id: sourceId,
        status: input.status ?? 'open',
        assignee_id: input.assignee_id ?? null,
        team_id: input.team_id ?? null,
        custom_attributes: customAttributes,
        additional_attributes: input.additional_attributes ?? {},
        campaign_id: null,
      });
      if (opening) await this.messages.write(tx, emit, conversation, opening, snapshot);
      if (conversation.status === 'open' && conversation.assignee_id === null)
        await this.changes.autoAssign(tx, emit, conversation);
      return conversation.id;
    });
    return this.loader.conversation(id);
  }

  async updateLastSeen(scope: AccountScoped, displayId: number): Promise<Conversation> {
    const conversation = await this.access.find(scope, displayId);
    await this.outbox.transaction(async (tx) => {
      await tx.query(
        'UPDATE messaging.conversations SET agent_last_seen_at = now(), unread_count = 0, updated_at = now() WHERE id = $1',
        [conversation.id],
      );
    });
    return this.loader.conversation(conversation.id);
  }

  async toggleTyping(scope: AccountScoped, displayId: number, typing: 'on' | 'off'): Promise<null> {
    const conversation = await this.access.find(scope, displayId);
    await this.outbox.transaction(async (tx, emit) => {
      const user = { id: scope.caller.user_id, name: (await this.identity.shownName(tx, scope.caller.user_id)) ?? '' };
      const snapshot = await this.loader.snapshot(conversation.id, tx);
      await emit(typing === 'on' ? ConversationEvents.typingOn : ConversationEvents.typingOff, scope.account_id, {
        conversation: snapshot,
        user,
      });
    });
    return null;
  }

  async ofContact(scope: AccountScoped, contactId: number): Promise<Conversation[]> {
    const params: unknown[] = [scope.account_id, contactId];
    let visibility = '';
    if (scope.caller.role !== 'administrator') {
      params.push(scope.caller.user_id);
      visibility = `AND inbox_id IN (${inboxesServedBy('$3')})`;
    }
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `SELECT id FROM messaging.conversations WHERE account_id = $1 AND contact_id = $2 ${visibility} ORDER BY last_activity_at DESC, id DESC`,
      params,
    );
    return this.loader.conversations(
      rows.map((row) => row.id),
      { withLastMessage: false },
    );
  }

  /**
   * The contact's id at the inbox when the client gave none: its link there, which the contacts
   * service (the links' owner) makes under a generated id when the contact has none.
   */
  private async linkedSourceId(scope: AccountScoped, inboxId: number, contactId: number): Promise<string> {
    try {
      const link = await this.rpc.send(ContactLinkPatterns.ensure, {
        account_id: scope.account_id,
        contact_id: contactId,
        inbox_id: inboxId,
      });
      return link.source_id;
    } catch (error) {
      // Deleted since the read model showed it: answered like any unknown contact.
      if (error instanceof RpcCallError && error.code === ContactErrors.notFound)
        throw new DomainError(ConversationErrors.contactMissing, 'Contact does not exist', ['contact_id']);
      throw error;
    }
  }
}
