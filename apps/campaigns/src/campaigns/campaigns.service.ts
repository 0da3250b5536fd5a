import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CAMPAIGN_TYPES,
  CampaignErrors,
  CHANNEL_TYPES,
  type AccountScoped,
  type Campaign,
  type CampaignTriggerRules,
  type CampaignType,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '@parley/contracts';
import { DomainError, selectOneOrFail } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { CAMPAIGNS_CONFIG, type CampaignsConfig } from '../campaigns.config';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { AccountReferencesAdapter } from './account-references.adapter';
import { assertDeletable, assertEditable, initialStatus, paused, resumed, scheduledTime } from './campaign-state.rules';
import { toCampaign } from './campaign.mapper';
import { CAMPAIGN_COLUMNS, type CampaignRow } from './persistence/campaign.row';

/** The fields a client writes, as checked. */
type CampaignBody = Pick<
  CampaignRow,
  | 'title'
  | 'message'
  | 'inbox_id'
  | 'campaign_type'
  | 'sender_id'
  | 'trigger_only_during_business_hours'
  | 'trigger_rules'
  | 'audience'
  | 'scheduled_at'
>;

/** The values of the columns an edit writes, in their statements' order; jsonb as JSON text (pg would send a JavaScript array as a PostgreSQL array). */
function editableValues(body: CampaignBody): unknown[] {
  return [
    body.title,
    body.message,
    body.inbox_id,
    body.sender_id,
    body.trigger_only_during_business_hours,
    JSON.stringify(body.trigger_rules),
    JSON.stringify(body.audience),
    body.scheduled_at,
  ];
}

/** Campaigns of an account: administrators' CRUD and pause/resume; the run itself is the sending feature's. */
@Injectable()
export class CampaignsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly references: AccountReferencesAdapter,
    private readonly inboxes: MessagingViewLoader,
    @Inject(CAMPAIGNS_CONFIG) private readonly config: CampaignsConfig,
  ) {}

  /** A deleted account's campaigns, their schedules and sends (foreign key) with them. */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM campaigns.campaigns WHERE account_id = $1', [accountId]);
  }

  async list(accountId: number): Promise<Campaign[]> {
    const rows: CampaignRow[] = await this.dataSource.query(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns.campaigns WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
    return rows.map((row) => this.view(row));
  }

  async show(accountId: number, id: number): Promise<Campaign> {
    return this.view(await this.find(accountId, id));
  }

  async create(scope: AccountScoped, input: CreateCampaignInput): Promise<Campaign> {
    const type = (input.campaign_type ?? 'one_off') as CampaignType;
    if (!CAMPAIGN_TYPES.includes(type))
      throw new DomainError(
        CampaignErrors.triggerRulesInvalid,
        `campaign_type must be one of ${CAMPAIGN_TYPES.join(', ')}`,
        ['campaign_type'],
      );
    const body = await this.checked(scope, {
      title: input.title,
      message: input.message,
      inbox_id: input.inbox_id,
      campaign_type: type,
      sender_id: input.sender_id ?? null,
      trigger_only_during_business_hours: input.trigger_only_during_business_hours ?? false,
      trigger_rules: input.trigger_rules ?? {},
      audience: input.audience ?? [],
      scheduled_at: scheduledTime(input.scheduled_at),
    });
    const now = new Date();
    const status = initialStatus(type, input.status === 'draft', body.scheduled_at, now);
    const [row]: CampaignRow[] = await this.dataSource.query(
      `INSERT INTO campaigns.campaigns (account_id, campaign_type, status, created_by, run_started_at,
                                        title, message, inbox_id, sender_id, trigger_only_during_business_hours, trigger_rules, audience, scheduled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${CAMPAIGN_COLUMNS}`,
      [
        scope.account_id,
        body.campaign_type,
        status,
        scope.caller.user_id,
        status === 'running' ? now : null,
        ...editableValues(body),
      ],
    );
    return this.view(row);
  }

  /** Only drafts and paused campaigns; the fields given replace the stored ones and the whole is checked again. */
  async update(scope: AccountScoped, id: number, input: UpdateCampaignInput): Promise<Campaign> {
    const found = await this.find(scope.account_id, id);
    assertEditable(found.status);
    const body = await this.checked(scope, {
      title: input.title ?? found.title,
      message: input.message ?? found.message,
      inbox_id: input.inbox_id ?? found.inbox_id,
      campaign_type: found.campaign_type,
      sender_id: input.sender_id !== undefined ? input.sender_id : found.sender_id,
      trigger_only_during_business_hours:
        input.trigger_only_during_business_hours ?? found.trigger_only_during_business_hours,
      trigger_rules: input.trigger_rules !== undefined ? (input.trigger_rules ?? {}) : found.trigger_rules,
      audience: input.audience ?? found.audience,
      scheduled_at: input.scheduled_at !== undefined ? scheduledTime(input.scheduled_at) : found.scheduled_at,
    });
    // A campaign that has started keeps the audience it resolved: only a draft's can change.
    if (found.audience_resolved) body.audience = found.audience;
    const saved = await this.dataSource.transaction(async (tx) => {
      const current = await this.locked(tx, scope.account_id, id);
      assertEditable(current.status);
      // updated_at moves only when a value changes.
      const [rows] = (await tx.query(
        `UPDATE campaigns.campaigns
            SET title = $2, message = $3, inbox_id = $4, sender_id = $5, trigger_only_during_business_hours = $6, trigger_rules = $7, audience = $8, scheduled_at = $9,
                updated_at = CASE WHEN (title, message, inbox_id, sender_id, trigger_only_during_business_hours, trigger_rules, audience, scheduled_at)
                                       IS DISTINCT FROM ($2::text, $3::text, $4::integer, $5::integer, $6::boolean, $7::jsonb, $8::jsonb, $9::timestamptz)
                                  THEN now() ELSE updated_at END
          WHERE id = $1 RETURNING ${CAMPAIGN_COLUMNS}`,
        [id, ...editableValues(body)],
      )) as [CampaignRow[], number];
      return rows[0];
    });
    return this.view(saved);
  }

  async delete(accountId: number, id: number): Promise<null> {
    await this.dataSource.transaction(async (tx) => {
      assertDeletable((await this.locked(tx, accountId, id)).status);
      await tx.query('DELETE FROM campaigns.campaigns WHERE id = $1', [id]);
    });
    return null;
  }

  async pause(accountId: number, id: number): Promise<null> {
    await this.dataSource.transaction(async (tx) => {
      const next = paused((await this.locked(tx, accountId, id)).status);
      await tx.query('UPDATE campaigns.campaigns SET status = $2, paused_from = $3, updated_at = now() WHERE id = $1', [
        id,
        next.status,
        next.pausedFrom,
      ]);
    });
    return null;
  }

  /** Back to where it was (or, for a draft, launched); a running stretch starts measuring its rate afresh. */
  async resume(accountId: number, id: number): Promise<null> {
    await this.dataSource.transaction(async (tx) => {
      const current = await this.locked(tx, accountId, id);
      const now = new Date();
      const status = resumed(current.status, current.paused_from, current.campaign_type, current.scheduled_at, now);
      await tx.query(
        `UPDATE campaigns.campaigns
            SET status = $2, paused_from = NULL, updated_at = now(),
                run_started_at = CASE WHEN $2 = 'running' THEN $3 ELSE run_started_at END,
                run_done_at_start = CASE WHEN $2 = 'running' THEN sent_count + failed_count ELSE run_done_at_start END
          WHERE id = $1`,
        [id, status, now],
      );
    });
    return null;
  }

  find(accountId: number, id: number): Promise<CampaignRow> {
    return selectOneOrFail(
      this.dataSource,
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns.campaigns WHERE account_id = $1 AND id = $2`,
      [accountId, id],
      'Campaign',
      CampaignErrors.notFound,
    );
  }

  private view(row: CampaignRow): Campaign {
    return toCampaign(row, this.config.sendRatePerInbox);
  }

  /** The row as it is under its lock: a change is decided on it (the runner changes status and counters concurrently). */
  private locked(tx: EntityManager, accountId: number, id: number): Promise<CampaignRow> {
    return selectOneOrFail(
      tx,
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns.campaigns WHERE account_id = $1 AND id = $2 FOR UPDATE`,
      [accountId, id],
      'Campaign',
      CampaignErrors.notFound,
    );
  }

  /** Field rules first (cheap), then the references in the account. */
  private async checked(scope: AccountScoped, body: CampaignBody): Promise<CampaignBody> {
    const title = typeof body.title === 'string' ? body.title.trim() : '';
    if (!title) throw new DomainError(CampaignErrors.titleBlank, "Title can't be blank", ['title']);
    if (typeof body.message !== 'string' || !body.message.trim())
      throw new DomainError(CampaignErrors.messageBlank, "Message can't be blank", ['message']);
    const ongoing = body.campaign_type === 'ongoing';
    const triggerRules: CampaignTriggerRules = {
      url: body.trigger_rules.url ?? null,
      time_on_page: body.trigger_rules.time_on_page ?? 0,
    };
    if (ongoing && !triggerRules.url?.trim())
      throw new DomainError(CampaignErrors.triggerRulesInvalid, 'An ongoing campaign needs trigger_rules.url', [
        'trigger_rules.url',
      ]);
    if (!ongoing && body.audience.length === 0)
      throw new DomainError(CampaignErrors.audienceEmpty, 'A one-off campaign needs an audience (labels)', [
        'audience',
      ]);
    const inbox = await this.inboxes.inbox(scope.account_id, body.inbox_id);
    if (!inbox)
      throw new DomainError(CampaignErrors.inboxInvalid, 'Inbox does not exist in this account', ['inbox_id']);
    if (ongoing && inbox.channel_type !== CHANNEL_TYPES.web_widget) {
      throw new DomainError(CampaignErrors.inboxInvalid, 'An ongoing campaign needs a web widget inbox', ['inbox_id']);
    }
    if (ongoing && body.sender_id !== null && !(await this.references.isAgent(scope, body.sender_id))) {
      throw new DomainError(CampaignErrors.senderInvalid, 'Sender must be an agent of this account', ['sender_id']);
    }
    if (!ongoing) {
      const titles = await this.references.labelTitles(scope, body.audience, true);
      const [anyone] = await this.references.contactsWithLabels(scope.account_id, titles, 0, 1);
      if (!anyone)
        throw new DomainError(CampaignErrors.audienceEmpty, 'No contact carries any of the audience labels', [
          'audience',
        ]);
    }
    return { ...body, title, trigger_rules: triggerRules };
  }
}
