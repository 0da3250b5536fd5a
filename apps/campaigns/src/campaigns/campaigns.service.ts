import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CAMPAIGN_TYPES,
  CampaignErrors,
  CHANNEL_TYPES,
  type AccountScoped,
  type Campaign,
  type CampaignAudienceEntry,
  type CampaignTriggerRules,
  type CampaignType,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '@parley/contracts';
import { DomainError, findOneOrFail } from '@parley/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { CAMPAIGNS_CONFIG, type CampaignsConfig } from '../campaigns.config';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { AccountReferencesAdapter } from './account-references.adapter';
import { assertDeletable, assertEditable, initialStatus, paused, resumed, scheduledTime } from './campaign-state.rules';
import { toCampaign } from './campaign.mapper';
import { CampaignEntity } from './persistence/campaign.orm-entity';

/** The fields a client writes, as checked. */
interface CampaignBody {
  title: string;
  message: string;
  inboxId: number;
  campaignType: CampaignType;
  senderId: number | null;
  triggerOnlyDuringBusinessHours: boolean;
  triggerRules: CampaignTriggerRules;
  audience: CampaignAudienceEntry[];
  scheduledAt: Date | null;
}

/** Campaigns of an account: administrators' CRUD and pause/resume; the run itself is the sending feature's. */
@Injectable()
export class CampaignsService {
  constructor(
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    private readonly references: AccountReferencesAdapter,
    private readonly inboxes: MessagingViewLoader,
    @Inject(CAMPAIGNS_CONFIG) private readonly config: CampaignsConfig,
  ) {}

  /** A deleted account's campaigns, their schedules and sends (foreign key) with them. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.delete(CampaignEntity, { accountId });
  }

  async list(accountId: number): Promise<Campaign[]> {
    return (await this.campaigns.find({ where: { accountId }, order: { id: 'ASC' } })).map((entity) => this.view(entity));
  }

  async show(accountId: number, id: number): Promise<Campaign> {
    return this.view(await this.find(accountId, id));
  }

  async create(scope: AccountScoped, input: CreateCampaignInput): Promise<Campaign> {
    const type = (input.campaign_type ?? 'one_off') as CampaignType;
    if (!CAMPAIGN_TYPES.includes(type)) throw new DomainError(CampaignErrors.triggerRulesInvalid, `campaign_type must be one of ${CAMPAIGN_TYPES.join(', ')}`, ['campaign_type']);
    const body = await this.checked(scope, {
      title: input.title,
      message: input.message,
      inboxId: input.inbox_id,
      campaignType: type,
      senderId: input.sender_id ?? null,
      triggerOnlyDuringBusinessHours: input.trigger_only_during_business_hours ?? false,
      triggerRules: input.trigger_rules ?? {},
      audience: input.audience ?? [],
      scheduledAt: scheduledTime(input.scheduled_at),
    });
    const now = new Date();
    const status = initialStatus(type, input.status === 'draft', body.scheduledAt, now);
    const entity = this.campaigns.create({
      ...body,
      accountId: scope.account_id,
      status,
      pausedFrom: null,
      createdBy: scope.caller.user_id,
      audienceResolved: false,
      audienceCount: 0,
      sentCount: 0,
      failedCount: 0,
      failureReason: null,
      runStartedAt: status === 'running' ? now : null,
      runDoneAtStart: 0,
      leaseOwner: null,
      leaseUntil: null,
    });
    return this.view(await this.campaigns.save(entity));
  }

  /** Only drafts and paused campaigns; the fields given replace the stored ones and the whole is checked again. */
  async update(scope: AccountScoped, id: number, input: UpdateCampaignInput): Promise<Campaign> {
    const entity = await this.find(scope.account_id, id);
    assertEditable(entity.status);
    const body = await this.checked(scope, {
      title: input.title ?? entity.title,
      message: input.message ?? entity.message,
      inboxId: input.inbox_id ?? entity.inboxId,
      campaignType: entity.campaignType,
      senderId: input.sender_id !== undefined ? input.sender_id : entity.senderId,
      triggerOnlyDuringBusinessHours: input.trigger_only_during_business_hours ?? entity.triggerOnlyDuringBusinessHours,
      triggerRules: input.trigger_rules !== undefined ? (input.trigger_rules ?? {}) : entity.triggerRules,
      audience: input.audience ?? entity.audience,
      scheduledAt: input.scheduled_at !== undefined ? scheduledTime(input.scheduled_at) : entity.scheduledAt,
    });
    // A campaign that has started keeps the audience it resolved: only a draft's can change.
    if (entity.audienceResolved) body.audience = entity.audience;
    const [saved] = await this.transition(entity.accountId, id, (current) => {
      assertEditable(current.status);
      return body;
    });
    return this.view(saved);
  }

  async delete(accountId: number, id: number): Promise<null> {
    await this.find(accountId, id);
    await this.campaigns.manager.transaction(async (tx) => {
      const current = await tx.findOne(CampaignEntity, { where: { accountId, id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw new DomainError(CampaignErrors.notFound, 'Campaign not found');
      assertDeletable(current.status);
      await tx.delete(CampaignEntity, { id });
    });
    return null;
  }

  async pause(accountId: number, id: number): Promise<null> {
    await this.transition(accountId, id, (current) => paused(current.status));
    return null;
  }

  /** Back to where it was (or, for a draft, launched); a running stretch starts measuring its rate afresh. */
  async resume(accountId: number, id: number): Promise<null> {
    await this.transition(accountId, id, (current) => {
      const now = new Date();
      const status = resumed(current.status, current.pausedFrom, current.campaignType, current.scheduledAt, now);
      return {
        status,
        pausedFrom: null,
        ...(status === 'running' ? { runStartedAt: now, runDoneAtStart: current.sentCount + current.failedCount } : {}),
      };
    });
    return null;
  }

  find(accountId: number, id: number): Promise<CampaignEntity> {
    return findOneOrFail(this.campaigns, { accountId, id }, 'Campaign', CampaignErrors.notFound);
  }

  private view(entity: CampaignEntity): Campaign {
    return toCampaign(entity, this.config.sendRatePerInbox);
  }

  /** A change decided on the row as it is under its lock (the runner changes status and counters concurrently). */
  private async transition(accountId: number, id: number, decide: (current: CampaignEntity) => Partial<CampaignEntity>): Promise<[CampaignEntity]> {
    return this.campaigns.manager.transaction(async (tx) => {
      const current = await tx.findOne(CampaignEntity, { where: { accountId, id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw new DomainError(CampaignErrors.notFound, 'Campaign not found');
      Object.assign(current, decide(current));
      return [await tx.save(current)];
    });
  }

  /** Field rules first (cheap), then the references in the account. */
  private async checked(scope: AccountScoped, body: CampaignBody): Promise<CampaignBody> {
    const title = typeof body.title === 'string' ? body.title.trim() : '';
    if (!title) throw new DomainError(CampaignErrors.titleBlank, "Title can't be blank", ['title']);
    if (typeof body.message !== 'string' || !body.message.trim()) throw new DomainError(CampaignErrors.messageBlank, "Message can't be blank", ['message']);
    const ongoing = body.campaignType === 'ongoing';
    const triggerRules: CampaignTriggerRules = { url: body.triggerRules.url ?? null, time_on_page: body.triggerRules.time_on_page ?? 0 };
    if (ongoing && !triggerRules.url?.trim()) throw new DomainError(CampaignErrors.triggerRulesInvalid, 'An ongoing campaign needs trigger_rules.url', ['trigger_rules.url']);
    if (!ongoing && body.audience.length === 0) throw new DomainError(CampaignErrors.audienceEmpty, 'A one-off campaign needs an audience (labels)', ['audience']);
    const inbox = await this.inboxes.inbox(scope.account_id, body.inboxId);
    if (!inbox) throw new DomainError(CampaignErrors.inboxInvalid, 'Inbox does not exist in this account', ['inbox_id']);
    if (ongoing && inbox.channel_type !== CHANNEL_TYPES.web_widget) {
      throw new DomainError(CampaignErrors.inboxInvalid, 'An ongoing campaign needs a web widget inbox', ['inbox_id']);
    }
    if (ongoing && body.senderId !== null && !(await this.references.isAgent(scope, body.senderId))) {
      throw new DomainError(CampaignErrors.senderInvalid, 'Sender must be an agent of this account', ['sender_id']);
    }
    if (!ongoing) {
      const titles = await this.references.labelTitles(scope, body.audience, true);
      const [anyone] = await this.references.contactsWithLabels(scope.account_id, titles, 0, 1);
      if (!anyone) throw new DomainError(CampaignErrors.audienceEmpty, 'No contact carries any of the audience labels', ['audience']);
    }
    return { ...body, title, triggerRules };
  }
}
