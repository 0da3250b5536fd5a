import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CHANNEL_TYPES,
  DEFAULT_TIMEZONE,
  InboxErrors,
  InboxEvents,
  type AccountScoped,
  type Caller,
  type CreateInboxInput,
  type Inbox,
  type InboxCallbackTarget,
  type InboxSnapshot,
  type UpdateInboxInput,
} from '@parley/contracts';
import { DomainError, findOneOrFail, Outbox, publicHttpsUrl } from '@parley/service-kit';
import { randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { applyChannelFields, applySettings, defaultWorkingHours } from './inbox.rules';
import { toInbox, toInboxSnapshot } from './inbox.mapper';
import { InboxMemberEntity } from './persistence/inbox-member.orm-entity';
import { InboxEntity } from './persistence/inbox.orm-entity';
import { newWebsiteToken } from './web-widget.rules';

@Injectable()
export class InboxesService {
  constructor(
    @InjectRepository(InboxEntity) private readonly inboxes: Repository<InboxEntity>,
    @InjectRepository(InboxMemberEntity) private readonly members: Repository<InboxMemberEntity>,
    private readonly outbox: Outbox,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  /** Administrators see every inbox; agents see the inboxes they are members of. */
  async list(scope: AccountScoped): Promise<Inbox[]> {
    const query = this.inboxes
      .createQueryBuilder('inbox')
      .where('inbox.account_id = :accountId', { accountId: scope.account_id });
    if (scope.caller.role !== 'administrator') {
      query.innerJoin(InboxMemberEntity, 'member', 'member.inbox_id = inbox.id AND member.user_id = :userId', {
        userId: scope.caller.user_id,
      });
    }
    const rows = await query.orderBy('inbox.id', 'ASC').getMany();
    return rows.map((inbox) => this.render(inbox, scope.caller.role === 'administrator'));
  }

  async show(scope: AccountScoped, id: number): Promise<Inbox> {
    const inbox = await this.findVisible(scope, id);
    return this.render(inbox, scope.caller.role === 'administrator');
  }

  async create(accountId: number, input: CreateInboxInput): Promise<Inbox> {
    const inbox = this.inboxes.create({
      accountId,
      channelType: CHANNEL_TYPES[input.channel.type],
      timezone: DEFAULT_TIMEZONE,
      workingHours: defaultWorkingHours(),
      greetingEnabled: false,
      workingHoursEnabled: false,
      csatSurveyEnabled: false,
      enableAutoAssignment: true,
      allowMessagesAfterResolved: true,
      maxAssignmentLimit: null,
      agentBotId: null,
      avatarUrl: null,
      websiteToken: null,
      welcomeTitle: null,
      welcomeTagline: null,
    });
    applySettings(inbox, { ...input, name: input.name ?? '' });
    applyChannelFields(inbox, input.channel);
    await this.checkCallbackUrl(inbox, input.channel.webhook_url);
    if (inbox.channelType === CHANNEL_TYPES.api) {
      inbox.inboxIdentifier = randomBytes(18).toString('base64url');
      inbox.secret = randomBytes(24).toString('base64url');
    }
    if (inbox.channelType === CHANNEL_TYPES.web_widget) inbox.websiteToken = newWebsiteToken();
    return this.outbox.transaction(async (tx, emit) => {
      const saved = await tx.save(inbox);
      await emit(InboxEvents.created, accountId, { inbox: toInboxSnapshot(saved, this.config.publicUrl) });
      return this.render(saved, true);
    });
  }

  async update(accountId: number, id: number, input: UpdateInboxInput): Promise<Inbox> {
    const inbox = await this.find(accountId, id);
    applySettings(inbox, input);
    applyChannelFields(inbox, input);
    await this.checkCallbackUrl(inbox, input.webhook_url);
    return this.outbox.transaction(async (tx, emit) => {
      const saved = await tx.save(inbox);
      await emit(InboxEvents.updated, accountId, { inbox: toInboxSnapshot(saved, this.config.publicUrl) });
      return this.render(saved, true);
    });
  }

  private render(inbox: InboxEntity, withSecret: boolean): Inbox {
    return toInbox(inbox, { withSecret, publicUrl: this.config.publicUrl });
  }

  /**
   * A callback URL is called by the webhook dispatcher, which refuses anything but HTTPS to
   * public addresses at every attempt: refuse such a URL when it is saved, not silently later.
   */
  private async checkCallbackUrl(inbox: InboxEntity, given: string | null | undefined): Promise<void> {
    if (given === undefined || !inbox.webhookUrl) return;
    inbox.webhookUrl = await publicHttpsUrl(inbox.webhookUrl, 'webhook_url', 'Webhook URL', this.config.allowedHosts);
  }

  /** Deletes the inbox with its members; its conversations go with it. */
  async delete(accountId: number, id: number): Promise<null> {
    const inbox = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.delete(InboxEntity, { id: inbox.id });
      await emit(InboxEvents.deleted, accountId, { inbox: toInboxSnapshot(inbox, this.config.publicUrl) });
    });
    return null;
  }

  /** An API inbox of the account with a webhook URL: where its events go and what signs them. */
  async callbackTarget(accountId: number, id: number): Promise<InboxCallbackTarget | null> {
    const inbox = await this.inboxes.findOneBy({ id, accountId });
    if (!inbox || inbox.channelType !== CHANNEL_TYPES.api || !inbox.webhookUrl || !inbox.secret) return null;
    return { account_id: inbox.accountId, inbox_id: inbox.id, webhook_url: inbox.webhookUrl, secret: inbox.secret };
  }

  /** The account's inbox as its events show it, for services whose copy has not seen it yet; null when there is none. */
  async snapshot(accountId: number, id: number): Promise<InboxSnapshot | null> {
    const inbox = await this.inboxes.findOneBy({ id, accountId });
    return inbox ? toInboxSnapshot(inbox, this.config.publicUrl) : null;
  }

  find(accountId: number, id: number): Promise<InboxEntity> {
    return findOneOrFail(this.inboxes, { accountId, id }, 'Inbox', InboxErrors.notFound);
  }

  /** The bot the inbox is connected to, if any. */
  async agentBotId(accountId: number, id: number): Promise<number | null> {
    return (await this.find(accountId, id)).agentBotId;
  }

  /** Connects the inbox to a bot (checked by the caller), or disconnects it with null. */
  async setAgentBot(accountId: number, id: number, botId: number | null): Promise<void> {
    const inbox = await this.find(accountId, id);
    inbox.agentBotId = botId;
    await this.inboxes.save(inbox);
  }

  /** An agent may only see inboxes it is a member of: others are a 403. */
  async findVisible(scope: { account_id: number; caller: Caller }, id: number): Promise<InboxEntity> {
    const inbox = await this.find(scope.account_id, id);
    if (
      scope.caller.role !== 'administrator' &&
      !(await this.members.existsBy({ inboxId: id, userId: scope.caller.user_id }))
    ) {
      throw new DomainError(InboxErrors.accessDenied, 'You do not have access to this inbox');
    }
    return inbox;
  }
}
