import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConversationErrors } from '@parley/contracts';
import { PollingLoop, RpcCallError } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { AccountReferencesAdapter } from '../campaigns/account-references.adapter';
import { CampaignRunWriter, type ClaimedCampaign } from '../campaigns/campaign-run.writer';
import { CAMPAIGNS_CONFIG, type CampaignsConfig } from '../campaigns.config';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { CampaignMessagesAdapter, isTransient } from './campaign-messages.adapter';
import { CampaignSendsWriter, type SendOutcome } from './campaign-sends.writer';
import { renderMessage } from './message-render.rules';
import type { CampaignSendRow } from './persistence/campaign-send.row';
import { nextSlot, sendSplit } from '../campaigns/send-pace.rules';

/** Campaigns one replica runs at once. */
const MAX_CAMPAIGNS = 4;
const AUDIENCE_PAGE = 1000;
const UNLIMITED_BATCH = 200;

/** How often a batch checks that its campaign still runs under this lease (a pause stops it within about this long). */
const RECHECK_MS = 200;

/** Why a batch stopped before its end: messaging out of reach, the inbox gone, or the campaign no longer running here. */
type Interruption = 'transient' | 'inbox' | 'stopped';

/**
 * Runs one-off campaigns durably: every replica looks for due campaigns (a scheduled one whose
 * time has come, or a running one nobody holds), claims one with `FOR UPDATE SKIP LOCKED` under a
 * lease it renews batch by batch, so exactly one replica sends a campaign; a replica that dies
 * lets its lease lapse and another (or itself, restarted) continues. Each contact's send carries a
 * key per (campaign, contact), so a send repeated after a crash between it and its bookkeeping
 * answers the first one and sends nothing.
 */
@Injectable()
export class CampaignRunsWorker extends PollingLoop {
  private readonly owner = randomUUID();
  /** The runs this replica holds, by campaign: awaited at shutdown so their outcomes are recorded. */
  private readonly active = new Map<number, Promise<void>>();
  /** Per inbox: when its next send may go (the inbox's campaigns all run here while any does: see the claim). */
  private readonly nextFree = new Map<number, number>();

  constructor(
    @Inject(CAMPAIGNS_CONFIG) private readonly config: CampaignsConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runs: CampaignRunWriter,
    private readonly sends: CampaignSendsWriter,
    private readonly messages: CampaignMessagesAdapter,
    private readonly references: AccountReferencesAdapter,
    private readonly inboxes: MessagingViewLoader,
  ) {
    super(config.pollIntervalMs, 'Looking for due campaigns');
  }

  override async beforeApplicationShutdown(): Promise<void> {
    await super.beforeApplicationShutdown();
    await Promise.all(this.active.values());
  }

  /** Claims due campaigns while this replica has room; each runs on its own until it stops. */
  protected async pass(): Promise<boolean> {
    while (this.active.size < MAX_CAMPAIGNS && !this.isStopping) {
      const campaign = await this.runs.claim(this.owner, this.config.leaseMs, [...this.active.keys()]);
      if (!campaign) break;
      this.active.set(
        campaign.id,
        this.run(campaign).finally(() => this.active.delete(campaign.id)),
      );
    }
    return false;
  }

  /**
   * Batches until nothing is pending (completed), the campaign stops running under this lease
   * (paused, failed, taken over), messaging is out of reach or the replica shuts down. Whatever the exit, the lease is
   * let go at once, so a resume or another replica continues without waiting for it to lapse.
   */
  private async run(campaign: ClaimedCampaign): Promise<void> {
    try {
      if (!campaign.audience_resolved && !(await this.resolveAudience(campaign))) return;
      const batchSize =
        this.config.sendRatePerInbox > 0
          ? Math.max(1, Math.min(UNLIMITED_BATCH, this.config.sendRatePerInbox))
          : UNLIMITED_BATCH;
      while (!this.isStopping && (await this.runs.renew(campaign.id, this.owner, this.config.leaseMs))) {
        const batch = await this.sends.pending(campaign.id, batchSize);
        if (batch.length === 0) {
          await this.dataSource.transaction((tx) => this.runs.finish(tx, campaign.id, this.owner, 'completed', null));
          return;
        }
        const { outcomes, interruption } = await this.sendBatch(campaign, batch);
        await this.dataSource.transaction(async (tx) => {
          const recorded = await this.sends.record(tx, campaign.id, outcomes);
          await this.runs.addCounts(tx, campaign.id, recorded.sent, recorded.failed);
          if (interruption === 'inbox')
            await this.runs.finish(tx, campaign.id, this.owner, 'failed', 'The inbox no longer exists');
        });
        // Paused, or messaging down or slow: the rest stays pending.
        if (interruption) return;
      }
    } catch (error) {
      this.logger.warn(`Campaign ${campaign.id} stopped: ${(error as Error).message}; it continues at the next look`);
    } finally {
      await this.runs.release(campaign.id, this.owner).catch(() => undefined);
    }
  }

  /**
   * The audience when the run starts: contacts carrying any of the labels, as pending sends
   * (written page by page; a repeat after a crash adds nothing twice). No inbox or nobody to send
   * to fails the campaign; false then.
   */
  private async resolveAudience(campaign: ClaimedCampaign): Promise<boolean> {
    const scope = {
      account_id: campaign.account_id,
      caller: { user_id: campaign.created_by, role: 'administrator' as const },
    };
    const fail = (reason: string) =>
      this.dataSource
        .transaction((tx) => this.runs.finish(tx, campaign.id, this.owner, 'failed', reason))
        .then(() => false);
    if (!(await this.inboxes.inbox(campaign.account_id, campaign.inbox_id))) return fail('The inbox no longer exists');
    const titles = await this.references.labelTitles(scope, campaign.audience, false);
    let after = 0;
    for (;;) {
      const page = await this.references.contactsWithLabels(campaign.account_id, titles, after, AUDIENCE_PAGE);
      if (page.length === 0) break;
      await this.dataSource.transaction((tx) => this.sends.addPending(tx, campaign.id, page));
      after = page[page.length - 1].id;
      if (page.length < AUDIENCE_PAGE) break;
    }
    const count = await this.dataSource.transaction(async (tx) => {
      const total = await this.sends.count(tx, campaign.id);
      if (total > 0) await this.runs.audienceResolved(tx, campaign.id, total);
      return total;
    });
    if (count === 0) return fail('No contact carries any of the audience labels');
    return true;
  }

  /**
   * The batch's sends, `sendConcurrency` at a time at the inbox's pace, in commands of several
   * contacts each (one transaction in messaging per command); stops taking new ones at the first
   * transient failure, or when the campaign no longer runs under this lease (checked every
   * RECHECK_MS, so a pause leaves only the commands already under way).
   */
  private async sendBatch(
    campaign: ClaimedCampaign,
    batch: Array<Pick<CampaignSendRow, 'contact_id' | 'contact'>>,
  ): Promise<{ outcomes: SendOutcome[]; interruption: Interruption | null }> {
    const outcomes: SendOutcome[] = [];
    let interruption: Interruption | null = null;
    let next = 0;
    let checkedAt = Date.now();
    const target = {
      accountId: campaign.account_id,
      senderId: campaign.created_by,
      inboxId: campaign.inbox_id,
      campaignId: campaign.id,
    };
    const { commands, perCommand } = sendSplit(this.config.sendConcurrency);
    const worker = async () => {
      while (interruption === null && next < batch.length) {
        for (let slot = 0; slot < Math.min(perCommand, batch.length - next); slot++) await this.pace(campaign.inbox_id);
        if (this.isStopping) interruption = 'stopped';
        else if (Date.now() - checkedAt >= RECHECK_MS) {
          checkedAt = Date.now();
          if (!(await this.runs.renew(campaign.id, this.owner, this.config.leaseMs))) interruption = 'stopped';
        }
        if (interruption !== null || next >= batch.length) break;
        const items = batch.slice(next, next + perCommand);
        next += items.length;
        try {
          const results = await this.messages.sendMany(
            target,
            items.map((item) => ({
              contactId: item.contact_id,
              content: renderMessage(campaign.message, item.contact),
            })),
          );
          for (const result of results) {
            if ('error' in result)
              outcomes.push({ contactId: result.contact_id, status: 'failed', error: result.error });
            else
              outcomes.push({
                contactId: result.contact_id,
                status: 'sent',
                messageId: result.message_id,
                conversationId: result.conversation_id,
              });
          }
        } catch (error) {
          if (error instanceof RpcCallError && error.code === ConversationErrors.inboxMissing) interruption = 'inbox';
          else if (isTransient(error)) interruption = 'transient';
          else
            for (const item of items)
              outcomes.push({ contactId: item.contact_id, status: 'failed', error: (error as Error).message });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(commands, batch.length) }, worker));
    return { outcomes, interruption };
  }

  private async pace(inboxId: number): Promise<void> {
    const now = Date.now();
    const slot = nextSlot(this.nextFree.get(inboxId) ?? 0, this.config.sendRatePerInbox, now);
    this.nextFree.set(inboxId, slot.next);
    if (slot.at > now) await sleep(slot.at - now);
  }
}
