import { Injectable } from '@nestjs/common';
import {
  ContactErrors,
  ContactLinkPatterns,
  ConversationErrors,
  ConversationEvents,
  EMAIL_PATTERN,
  type AccountScoped,
  type AssignmentInput,
  type Conversation,
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
import { InboxesLoader, inboxesServedBy } from '../inboxes/inboxes.loader';
import { ContactsViewService } from '../read-models/contacts-view/contacts-view.service';
import { TeamsLoader } from '../teams/teams.loader';
import { ConversationAccess } from './conversation-access.service';
import { ConversationChanges } from './conversation-changes.service';
import { ConversationInserts } from './conversation-inserts.writer';
import { ConversationLoader } from './conversation.loader';
import { MessageLoader } from './message.loader';
import { MessageWriter } from './message.writer';
import { openingMessage } from './opening-message.rules';
import { ConversationEntity } from './persistence/conversation.orm-entity';
import { nextStatus, statusAfterIncoming } from './status.rules';
import { transcriptMail } from './transcript.mail';

@Injectable()
export class ConversationsService {
  constructor(
    private readonly access: ConversationAccess,
    private readonly loader: ConversationLoader,
    private readonly changes: ConversationChanges,
    private readonly inserts: ConversationInserts,
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
    // Before anything is made (a contact link, a display id): the inbox, then the opening message under its channel's rules.
    await this.access.assertInboxUsable(this.dataSource.manager, scope, input.inbox_id);
    const opening = input.message
      ? openingMessage(input.message, { channel: (await this.inboxes.messageSettings(this.dataSource.manager, input.inbox_id)).channel_type, contactId: contact.id, userId: scope.caller.user_id })
      : null;
    const sourceId = input.source_id?.trim() ? input.source_id : await this.linkedSourceId(scope, input.inbox_id, contact.id);
    const [displayId] = await this.inserts.nextDisplayIds(scope.account_id, 1);
    const id = await this.outbox.transaction(async (tx, emit) => {
      await this.access.assertInboxUsable(tx, scope, input.inbox_id);
      if (input.assignee_id !== undefined) await this.assertAssignable(tx, scope.account_id, input.inbox_id, input.assignee_id);
      if (input.team_id !== undefined) await this.assertTeam(tx, scope.account_id, input.team_id);
      const customAttributes = await this.validatedAttributes(tx, scope.account_id, input.custom_attributes ?? {});
      const { conversation, snapshot } = await this.inserts.insert(tx, emit, scope, displayId, {
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

  /**
   * The contact's id at the inbox when the client gave none: its link there, which the contacts
   * service (the links' owner) makes under a generated id when the contact has none.
   */
  private async linkedSourceId(scope: AccountScoped, inboxId: number, contactId: number): Promise<string> {
    try {
      const link = await this.rpc.send(ContactLinkPatterns.ensure, { account_id: scope.account_id, contact_id: contactId, inbox_id: inboxId });
      return link.source_id;
    } catch (error) {
      // Deleted since the read model showed it: answered like any unknown contact.
      if (error instanceof RpcCallError && error.code === ContactErrors.notFound) throw new DomainError(ConversationErrors.contactMissing, 'Contact does not exist', ['contact_id']);
      throw error;
    }
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
