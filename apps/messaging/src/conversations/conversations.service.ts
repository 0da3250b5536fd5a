import { Injectable } from '@nestjs/common';
import {
  ContactErrors,
  ContactLinkPatterns,
  ConversationErrors,
  ConversationEvents,
  EMAIL_PATTERN,
  MessageErrors,
  type CampaignMessageSent,
  type CampaignSendRequest,
  type CampaignSendResult,
  type ErrorCode,
  type AccountScoped,
  type AssignmentInput,
  type Conversation,
  type ConversationSnapshot,
  type CreateConversationInput,
  type Priority,
  type ToggleStatusInput,
  type ToggleStatusResult,
} from '@parley/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, Outbox, RpcCallError, RpcClient, type Emit } from '@parley/service-kit';
import { checkLabelSet, customAttributeProblems } from '@parley/domain-rules';
import { DataSource, type EntityManager } from 'typeorm';
import { CustomAttributesLoader } from '../custom-attributes/custom-attributes.loader';
import { IdentityLoader } from '../identity/identity.loader';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { inboxesServedBy } from '../inboxes/persistence/inbox-member.row';
import { ContactsViewService } from '../read-models/contacts-view/contacts-view.service';
import type { ContactViewEntity } from '../read-models/contacts-view/persistence/contact-view.orm-entity';
import { TeamsLoader } from '../teams/teams.loader';
import { ConversationAccess } from './conversation-access.service';
import { ConversationChanges } from './conversation-changes.service';
import { ConversationLoader } from './conversation.loader';
import { MessageLoader } from './message.loader';
import { MessageWriter } from './message.writer';
import { canReplyAt } from './messaging-window.rules';
import { openingMessage } from './opening-message.rules';
import { ConversationEntity } from './persistence/conversation.orm-entity';
import { nextStatus, statusAfterIncoming } from './status.rules';
import { transcriptMail } from './transcript.mail';

/** The fields a new conversation is given by its creator. */
type NewConversation = Pick<ConversationEntity, 'inboxId' | 'contactId' | 'sourceId' | 'status' | 'assigneeId' | 'teamId' | 'customAttributes' | 'additionalAttributes' | 'campaignId'>;

/** A campaign send's conversation (its row and display id) and message. */
interface CampaignSendFound {
  id: number;
  display_id: number;
  message_id: number;
}

/** What a campaign send came to, with its conversation's row id (messaging's own) when it went. */
type CampaignSendAnswer = Extract<CampaignSendResult, { error: string }> | (Extract<CampaignSendResult, { message_id: number }> & { rowId: number });

@Injectable()
export class ConversationsService {
  constructor(
    private readonly access: ConversationAccess,
    private readonly loader: ConversationLoader,
    private readonly changes: ConversationChanges,
    private readonly messages: MessageWriter,
    private readonly messageLoader: MessageLoader,
    private readonly contacts: ContactsViewService,
    private readonly identity: IdentityLoader,
    private readonly inboxes: InboxesLoader,
    private readonly teams: TeamsLoader,
    private readonly attributes: CustomAttributesLoader,
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
    if (contact.blocked) throw new DomainError(ConversationErrors.contactBlocked, 'Contact is blocked and cannot start conversations', ['contact_id']);
    const opening = openingMessage(input.message, contact.id, scope.caller.user_id);
    const sourceId = input.source_id?.trim() ? input.source_id : await this.linkedSourceId(scope, input.inbox_id, contact.id);
    const [displayId] = await this.nextDisplayIds(scope.account_id, 1);
    const id = await this.outbox.transaction(async (tx, emit) => {
      await this.assertInboxUsable(tx, scope, input.inbox_id);
      if (input.assignee_id !== undefined) await this.assertAssignable(tx, scope.account_id, input.inbox_id, input.assignee_id);
      if (input.team_id !== undefined) await this.assertTeam(tx, scope.account_id, input.team_id);
      const customAttributes = await this.validatedAttributes(tx, scope.account_id, input.custom_attributes ?? {});
      const { conversation, snapshot } = await this.insert(tx, emit, scope, displayId, {
        inboxId: input.inbox_id,
        contactId: contact.id,
        sourceId,
        status: input.status ?? 'open',
        assigneeId: input.assignee_id ?? null,
        teamId: input.team_id ?? null,
        customAttributes,
        additionalAttributes: input.additional_attributes ?? {},
        campaignId: null,
      });
      if (opening) await this.messages.write(tx, emit, conversation, opening, snapshot);
      if (conversation.status === 'open' && conversation.assigneeId === null) await this.changes.autoAssign(tx, emit, conversation);
      return conversation.id;
    });
    return this.loader.conversation(id);
  }

  /**
   * A campaign's message to a contact: a new open conversation of the contact in the inbox
   * (marked with the campaign), opened by an outgoing message from the caller through the inbox's
   * channel, its rules applied (a closed messaging window refuses it). The key is claimed in the
   * same transaction (command_keys, as assign_best_agent's): a repeat sends nothing and answers the
   * first send.
   */
  async sendForCampaign(scope: AccountScoped, input: { inbox_id: number; contact_id: number; campaign_id: number; content: string; key: string }): Promise<CampaignMessageSent> {
    const [result] = await this.sendCampaignMessages(scope, { inbox_id: input.inbox_id, campaign_id: input.campaign_id, sends: [input] });
    if ('error' in result) throw new DomainError(result.code, result.error, ['contact_id']);
    return { conversation: await this.loader.snapshot(result.rowId), message_id: result.message_id };
  }

  /** Several contacts' messages of one campaign in one transaction (see `sendCampaignMessages`). */
  async sendManyForCampaign(scope: AccountScoped, input: { inbox_id: number; campaign_id: number; sends: CampaignSendRequest[] }): Promise<CampaignSendResult[]> {
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
    const earlier = await this.campaignSendsOf(this.dataSource.manager, scope.account_id, input.campaign_id, input.sends);
    const results = new Map<string, CampaignSendAnswer>();
    const answer = (send: CampaignSendRequest, found: CampaignSendFound) =>
      results.set(send.key, { contact_id: send.contact_id, conversation_id: found.display_id, message_id: found.message_id, rowId: found.id });
    const refuse = (send: CampaignSendRequest, code: ErrorCode, error: string) => results.set(send.key, { contact_id: send.contact_id, error, code });
    const fresh: CampaignSendRequest[] = [];
    // A key given twice is one send.
    for (const send of new Map(input.sends.map((send) => [send.key, send])).values()) {
      const found = earlier.get(send.key);
      if (found) answer(send, found);
      else fresh.push(send);
    }
    const contacts = fresh.length > 0 ? await this.contacts.findMany(scope.account_id, fresh.map((send) => send.contact_id)) : new Map<number, ContactViewEntity>();
    const ready: CampaignSendRequest[] = [];
    for (const send of fresh) {
      const contact = contacts.get(send.contact_id);
      if (!contact) refuse(send, ConversationErrors.contactMissing, 'Contact does not exist');
      else if (contact.blocked) refuse(send, ConversationErrors.contactBlocked, 'Contact is blocked and cannot start conversations');
      else ready.push(send);
    }
    if (ready.length > 0) {
      await this.assertInboxUsable(this.dataSource.manager, scope, input.inbox_id);
      const links = await this.linkedSourceIds(scope.account_id, input.inbox_id, ready.map((send) => send.contact_id));
      const linked: Array<{ send: CampaignSendRequest; sourceId: string }> = [];
      for (const send of ready) {
        const sourceId = links.get(send.contact_id);
        // Deleted since the read model showed it: answered like any unknown contact.
        if (sourceId === undefined) refuse(send, ConversationErrors.contactMissing, 'Contact does not exist');
        else linked.push({ send, sourceId });
      }
      const displayIds = await this.nextDisplayIds(scope.account_id, linked.length);
      if (linked.length > 0) await this.outbox.transaction(async (tx, emit) => {
        // Claimed in key order, so two commands sharing keys wait on each other instead of deadlocking.
        const keys = linked.map((item) => item.send.key).sort();
        const rows: Array<{ key: string }> = await tx.query('INSERT INTO messaging.command_keys (key) SELECT key FROM unnest($1::text[]) AS key ORDER BY key ON CONFLICT DO NOTHING RETURNING key', [keys]);
        const claimed = new Set(rows.map((row) => row.key));
        const raced = await this.campaignSendsOf(
          tx,
          scope.account_id,
          input.campaign_id,
          linked.filter((item) => !claimed.has(item.send.key)).map((item) => item.send),
        );
        const inbox = await this.inboxes.messageSettings(tx, input.inbox_id);
        if (!canReplyAt(inbox.channel_type, null, new Date())) {
          throw new DomainError(MessageErrors.windowClosed, 'The 24-hour messaging window is closed: send an approved template (template_params) to reach this contact', ['template_params']);
        }
        const senderName = await this.actorName(tx, scope);
        const sending = linked.filter((item) => {
          const first = raced.get(item.send.key);
          if (first) answer(item.send, first);
          return !first;
        });
        const inserted = await this.insertMany(
          tx,
          emit,
          scope,
          sending.map((item, index) => ({
            displayId: displayIds[index],
            fields: {
              inboxId: input.inbox_id,
              contactId: item.send.contact_id,
              sourceId: item.sourceId,
              status: 'open',
              assigneeId: null,
              teamId: null,
              customAttributes: {},
              additionalAttributes: {},
              campaignId: input.campaign_id,
            },
          })),
        );
        for (const [index, { conversation, snapshot }] of inserted.entries()) {
          const { send } = sending[index];
          const message = await this.messages.write(
            tx,
            emit,
            conversation,
            { content: send.content, messageType: 'outgoing', echoId: send.key, senderType: 'user', senderId: scope.caller.user_id, senderName },
            snapshot,
          );
          answer(send, { id: conversation.id, display_id: conversation.displayId, message_id: message.id });
        }
      });
    }
    return input.sends.map((send) => results.get(send.key)!);
  }

  /** The sends the keys of a campaign made already, by key (found through the contacts' conversations). */
  private async campaignSendsOf(manager: EntityManager, accountId: number, campaignId: number, sends: CampaignSendRequest[]): Promise<Map<string, CampaignSendFound>> {
    if (sends.length === 0) return new Map();
    const rows: Array<{ echo_id: string; id: number; display_id: number; message_id: string }> = await manager.query(
      `SELECT m.echo_id, c.id, c.display_id, m.id AS message_id FROM messaging.conversations c JOIN messaging.messages m ON m.conversation_id = c.id AND m.echo_id = ANY($3::text[])
        WHERE c.account_id = $1 AND c.contact_id = ANY($4::int[]) AND c.campaign_id = $2`,
      [accountId, campaignId, sends.map((send) => send.key), sends.map((send) => send.contact_id)],
    );
    return new Map(rows.map((row) => [row.echo_id, { id: row.id, display_id: row.display_id, message_id: Number(row.message_id) }]));
  }

  /**
   * The next `count` display ids of the account, taken in a statement of their own: the account's
   * counter row is held only for it, not for the transaction that creates the conversations (an id
   * whose transaction rolls back is never used: ids are unique and increasing, with gaps).
   */
  private async nextDisplayIds(accountId: number, count: number): Promise<number[]> {
    if (count === 0) return [];
    const [{ last_display_id: last }]: Array<{ last_display_id: number }> = await this.dataSource.query(
      `INSERT INTO messaging.conversation_counters (account_id, last_display_id) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET last_display_id = conversation_counters.last_display_id + $2
       RETURNING last_display_id`,
      [accountId, count],
    );
    return Array.from({ length: count }, (_, index) => last - count + 1 + index);
  }

  /** A new conversation row under a display id from `nextDisplayIds`, and its created (and opened) events; with its snapshot as they showed it. */
  private async insert(tx: EntityManager, emit: Emit, scope: AccountScoped, displayId: number, fields: NewConversation): Promise<{ conversation: ConversationEntity; snapshot: ConversationSnapshot }> {
    const [inserted] = await this.insertMany(tx, emit, scope, [{ displayId, fields }]);
    return inserted;
  }

  /** `insert` for several conversations: their rows, snapshots and events written a statement each, not one per conversation. */
  private async insertMany(
    tx: EntityManager,
    emit: Emit,
    scope: AccountScoped,
    items: Array<{ displayId: number; fields: NewConversation }>,
  ): Promise<Array<{ conversation: ConversationEntity; snapshot: ConversationSnapshot }>> {
    const conversations = await tx.save(
      items.map(({ displayId, fields }) =>
        tx.create(ConversationEntity, {
          ...fields,
          accountId: scope.account_id,
          displayId,
          assignedAt: fields.assigneeId ? new Date() : null,
          priority: null,
          labels: [],
          muted: false,
          snoozedUntil: null,
          messagesCount: 0,
          unreadCount: 0,
          lastMessageId: null,
          lastNonActivityMessageId: null,
          lastIncomingAt: null,
          lastActivityAt: new Date(),
        }),
      ),
    );
    const snapshots = await this.loader.snapshots(
      conversations.map((conversation) => conversation.id),
      tx,
    );
    await emit.many(
      ConversationEvents.created,
      scope.account_id,
      snapshots.map((snapshot) => ({ conversation: snapshot })),
    );
    await emit.many(
      ConversationEvents.opened,
      scope.account_id,
      snapshots.filter((snapshot) => snapshot.status === 'open').map((snapshot) => ({ conversation: snapshot })),
    );
    return conversations.map((conversation, index) => ({ conversation, snapshot: snapshots[index] }));
  }

  async assign(scope: AccountScoped, displayId: number, input: AssignmentInput): Promise<Conversation> {
    return this.change(scope, displayId, async (tx, conversation) => {
      if (input.assignee_id !== undefined && input.assignee_id !== null) {
        await this.assertAssignable(tx, scope.account_id, conversation.inboxId, input.assignee_id);
      }
      if (input.team_id !== undefined && input.team_id !== null) await this.assertTeam(tx, scope.account_id, input.team_id);
      return { assigneeId: input.assignee_id, teamId: input.team_id };
    });
  }

  async toggleStatus(scope: AccountScoped, displayId: number, input: ToggleStatusInput): Promise<ToggleStatusResult> {
    const conversation = await this.change(scope, displayId, async (_, current) => {
      const next = nextStatus(current.status, input, new Date());
      return { status: next.status, snoozedUntil: next.snoozedUntil };
    });
    return {
      meta: {},
      payload: { success: true, conversation_id: conversation.id, current_status: conversation.status, snoozed_until: conversation.snoozed_until },
    };
  }

  /**
   * The round-robin of auto-assignment, on request (whatever the inbox's setting); nobody
   * available leaves the assignee as it is. A `key` seen before (a caller's retry) changes nothing:
   * a second pick could choose another agent.
   */
  async assignBestAgent(scope: AccountScoped, displayId: number, key?: string): Promise<Conversation> {
    const id = await this.outbox.transaction(async (tx, emit) => {
      const conversation = await this.access.find(scope, displayId, { tx, lock: true });
      if (key) {
        // Retries come within minutes (redeliveries); a week of keys is plenty.
        await tx.query(`DELETE FROM messaging.command_keys WHERE created_at < now() - interval '7 days'`);
        const claimed: unknown[] = await tx.query('INSERT INTO messaging.command_keys (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key', [key]);
        if (claimed.length === 0) return conversation.id;
      }
      await this.changes.autoAssign(tx, emit, conversation, { evenWhenDisabled: true });
      return conversation.id;
    });
    return this.loader.conversation(id);
  }

  togglePriority(scope: AccountScoped, displayId: number, priority: Priority | null): Promise<Conversation> {
    return this.change(scope, displayId, async () => ({ priority }));
  }

  async labels(scope: AccountScoped, displayId: number): Promise<string[]> {
    return (await this.access.find(scope, displayId)).labels;
  }

  /** Replaces the labels (titles are normalised like label titles; repeats collapse). */
  async setLabels(scope: AccountScoped, displayId: number, labels: string[]): Promise<string[]> {
    const checked = checkLabelSet(labels);
    if ('problem' in checked) throw new DomainError(ConversationErrors.labelsInvalid, checked.problem, ['labels']);
    const titles = checked.value;
    return (await this.change(scope, displayId, async () => ({ labels: titles }))).labels;
  }

  /** Adds, then removes, on the labels as they are under the row lock (a concurrent change is kept). */
  async changeLabels(scope: AccountScoped, displayId: number, add: string[], remove: string[]): Promise<string[]> {
    const conversation = await this.change(scope, displayId, async (_, current) => {
      const checked = checkLabelSet([...current.labels, ...add]);
      if ('problem' in checked) throw new DomainError(ConversationErrors.labelsInvalid, checked.problem, ['labels']);
      const removed = checkLabelSet(remove);
      const gone = new Set('problem' in removed ? remove : removed.value);
      return { labels: checked.value.filter((label) => !gone.has(label)) };
    });
    return conversation.labels;
  }

  mute(scope: AccountScoped, displayId: number, muted: boolean): Promise<Conversation> {
    return this.change(scope, displayId, async () => ({ muted }));
  }

  /** Merges the given attributes (null removes one), checked against the conversation attribute definitions. */
  setCustomAttributes(scope: AccountScoped, displayId: number, attributes: Record<string, unknown>): Promise<Conversation> {
    return this.change(scope, displayId, async (tx, conversation) => {
      const merged: Record<string, unknown> = { ...conversation.customAttributes };
      for (const [key, value] of Object.entries(attributes)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      return { customAttributes: await this.validatedAttributes(tx, scope.account_id, merged) };
    });
  }

  async updateLastSeen(scope: AccountScoped, displayId: number): Promise<Conversation> {
    const conversation = await this.access.find(scope, displayId);
    await this.outbox.transaction(async (tx) => {
      await tx.update(ConversationEntity, { id: conversation.id }, { agentLastSeenAt: new Date(), unreadCount: 0 });
    });
    return this.loader.conversation(conversation.id);
  }

  async toggleTyping(scope: AccountScoped, displayId: number, typing: 'on' | 'off'): Promise<null> {
    const conversation = await this.access.find(scope, displayId);
    await this.outbox.transaction(async (tx, emit) => {
      const user = { id: scope.caller.user_id, name: await this.actorName(tx, scope) ?? '' };
      const snapshot = await this.loader.snapshot(conversation.id, tx);
      await emit(typing === 'on' ? ConversationEvents.typingOn : ConversationEvents.typingOff, scope.account_id, { conversation: snapshot, user });
    });
    return null;
  }

  async transcript(scope: AccountScoped, displayId: number, email: string): Promise<null> {
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) throw new DomainError(ConversationErrors.transcriptEmailInvalid, 'Email is invalid', ['email']);
    const conversation = await this.access.find(scope, displayId);
    await this.outbox.transaction(async (tx, _emit, sendMail) => {
      const lines = await this.messageLoader.transcriptLines(tx, conversation.id);
      await sendMail(transcriptMail(address, conversation.displayId, lines));
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
    return this.loader.conversations(rows.map((row) => row.id), { withLastMessage: false });
  }

  /**
   * An incoming message reopens a resolved conversation (when the inbox allows it) or a snooze
   * without end; `conversation` is as the message's writer left it.
   */
  async wakeUpOnIncoming(tx: EntityManager, emit: Emit, conversation: ConversationEntity, allowMessagesAfterResolved: boolean): Promise<void> {
    if (conversation.status !== 'resolved' && conversation.status !== 'snoozed') return;
    const contact = await this.contacts.find(conversation.accountId, conversation.contactId);
    const status = statusAfterIncoming({
      status: conversation.status,
      snoozedUntil: conversation.snoozedUntil,
      allowMessagesAfterResolved,
      muted: conversation.muted,
      contactBlocked: contact?.blocked ?? false,
    });
    if (!status) return;
    // A status change rewrites the whole row: lock it and work on its current state.
    const current = await tx.findOneOrFail(ConversationEntity, { where: { id: conversation.id }, lock: { mode: 'pessimistic_write' } });
    await this.changes.apply(tx, emit, current, { status }, { actor: null, statusReason: 'incoming' });
  }

  /** Locks the conversation, lets `decide` work out the change, applies it. */
  private async change(
    scope: AccountScoped,
    displayId: number,
    decide: (tx: EntityManager, conversation: ConversationEntity) => Promise<Parameters<ConversationChanges['apply']>[3]>,
  ): Promise<Conversation> {
    const id = await this.outbox.transaction(async (tx, emit) => {
      const conversation = await this.access.find(scope, displayId, { tx, lock: true });
      const change = await decide(tx, conversation);
      await this.changes.apply(tx, emit, conversation, change, { actor: await this.actorName(tx, scope) });
      return conversation.id;
    });
    return this.loader.conversation(id);
  }

  private actorName(tx: EntityManager, scope: AccountScoped): Promise<string | null> {
    return this.identity.shownName(tx, scope.caller.user_id);
  }

  private async assertInboxUsable(manager: EntityManager, scope: AccountScoped, inboxId: number): Promise<void> {
    if (!(await this.inboxes.exists(manager, scope.account_id, inboxId))) throw new DomainError(ConversationErrors.inboxMissing, 'Inbox does not exist', ['inbox_id']);
    await this.access.assertInboxAccess(manager, scope.caller, inboxId);
  }

  /**
   * The contact's id at the inbox when the client gave none: its link there, which the contacts
   * service (the links' owner) makes under a generated id when the contact has none.
   */
  private async linkedSourceId(scope: AccountScoped, inboxId: number, contactId: number): Promise<string> {
    // Checked first so that no link is made for an inbox that does not exist or the caller may not use.
    await this.assertInboxUsable(this.dataSource.manager, scope, inboxId);
    try {
      const link = await this.rpc.send(ContactLinkPatterns.ensure, { account_id: scope.account_id, contact_id: contactId, inbox_id: inboxId });
      return link.source_id;
    } catch (error) {
      // Deleted since the read model showed it: answered like any unknown contact.
      if (error instanceof RpcCallError && error.code === ContactErrors.notFound) throw new DomainError(ConversationErrors.contactMissing, 'Contact does not exist', ['contact_id']);
      throw error;
    }
  }

  /** `linkedSourceId` for several contacts in one request to contacts (the inbox checked by the caller); contacts it does not have are left out. */
  private async linkedSourceIds(accountId: number, inboxId: number, contactIds: number[]): Promise<Map<number, string>> {
    const { links } = await this.rpc.send(ContactLinkPatterns.ensureMany, { account_id: accountId, contact_ids: contactIds, inbox_id: inboxId });
    return new Map(links.map((link) => [link.contact_id, link.source_id]));
  }

  /** An assignee must be an agent of the account who can serve the inbox (administrators serve every inbox). */
  private async assertAssignable(tx: EntityManager, accountId: number, inboxId: number, userId: number | null): Promise<void> {
    if (userId === null) return;
    const role = await this.identity.role(tx, accountId, userId);
    const serves = role === 'administrator' || (role !== null && (await this.inboxes.isMember(tx, inboxId, userId)));
    if (!serves) throw new DomainError(ConversationErrors.assigneeNotAllowed, 'Assignee must be an agent of this account with access to the inbox', ['assignee_id']);
  }

  private async assertTeam(tx: EntityManager, accountId: number, teamId: number | null): Promise<void> {
    if (teamId === null) return;
    if (!(await this.teams.exists(tx, accountId, teamId))) throw new DomainError(ConversationErrors.teamMissing, 'Team does not exist', ['team_id']);
  }

  private async validatedAttributes(tx: EntityManager, accountId: number, attributes: Record<string, unknown>): Promise<Record<string, unknown>> {
    const rules = await this.attributes.conversationRules(tx, accountId);
    const problems = customAttributeProblems(rules, attributes);
    const keys = Object.keys(problems);
    if (keys.length > 0) throw new DomainError(ConversationErrors.customAttributesInvalid, keys.map((key) => problems[key]).join('; '), keys.map((key) => `custom_attributes.${key}`));
    return attributes;
  }
}
