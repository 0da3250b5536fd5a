import { Injectable } from '@nestjs/common';
import {
  CampaignErrors,
  CampaignEvents,
  InboxErrors,
  type AccountScoped,
  type CampaignTriggerInput,
  type CampaignTriggerResult,
  type OngoingCampaignTrigger,
  type WorkingHoursEntry,
} from '@parley/contracts';
import { isWithinWorkingHours } from '@parley/domain-rules';
import { DomainError, Outbox } from '@parley/service-kit';
import { AccountReferencesAdapter } from '../campaigns/account-references.adapter';
import { CampaignRunWriter } from '../campaigns/campaign-run.writer';
import { CampaignsLoader } from '../campaigns/campaigns.loader';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { CampaignMessagesAdapter } from '../sending/campaign-messages.adapter';
import { CampaignSendsWriter } from '../sending/campaign-sends.writer';
import { renderMessage } from '../sending/message-render.rules';
import { triggerMatches } from './trigger-match.rules';

const NOTHING: CampaignTriggerResult = { campaign_id: null, conversation_id: null, message_id: null };

/**
 * The widget trigger of ongoing campaigns: the inbox's first enabled campaign whose rules match
 * the visit (and, if it says so, only inside the inbox's working hours) starts a conversation with
 * its message from its sender, once per contact, and emits `webwidget_triggered`.
 */
@Injectable()
export class CampaignTriggersService {
  constructor(
    private readonly loader: CampaignsLoader,
    private readonly inboxes: MessagingViewLoader,
    private readonly messages: CampaignMessagesAdapter,
    private readonly sends: CampaignSendsWriter,
    private readonly runs: CampaignRunWriter,
    private readonly references: AccountReferencesAdapter,
    private readonly outbox: Outbox,
  ) {}

  async ongoing(accountId: number, inboxId: number): Promise<OngoingCampaignTrigger[]> {
    const campaigns = await this.loader.enabledOngoing(accountId, inboxId);
    return campaigns.map(({ id, trigger_rules: rules }) => ({
      id,
      trigger_rules: { url: rules.url ?? null, time_on_page: rules.time_on_page ?? null },
    }));
  }

  async trigger(
    scope: AccountScoped,
    inboxId: number,
    input: CampaignTriggerInput,
    now = new Date(),
  ): Promise<CampaignTriggerResult> {
    const inbox = await this.inboxes.inbox(scope.account_id, inboxId);
    if (!inbox) throw new DomainError(InboxErrors.notFound, 'Inbox not found');
    const campaigns = await this.loader.enabledOngoing(scope.account_id, inboxId);
    const campaign = campaigns.find((candidate) =>
      triggerMatches(candidate.trigger_rules, input.url, input.time_on_page),
    );
    if (!campaign) return NOTHING;
    const hours = inbox as { working_hours_enabled?: boolean; working_hours?: WorkingHoursEntry[]; timezone?: string };
    if (
      campaign.trigger_only_during_business_hours &&
      !isWithinWorkingHours(
        hours.working_hours_enabled ?? false,
        hours.working_hours ?? [],
        hours.timezone ?? 'UTC',
        now,
      )
    ) {
      return NOTHING;
    }
    const target = {
      accountId: scope.account_id,
      senderId: campaign.sender_id ?? campaign.created_by,
      inboxId,
      campaignId: campaign.id,
    };
    const contact = await this.references.contact(scope.account_id, input.contact_id);
    if (!contact) throw new DomainError(CampaignErrors.contactMissing, 'Contact does not exist', ['contact_id']);
    const content = renderMessage(campaign.message, { ...contact, custom_attributes: contact.custom_attributes ?? {} });
    const sent = await this.messages.send(target, input.contact_id, content);
    await this.outbox.transaction(async (tx, emit) => {
      const first = await this.sends.recordTriggered(
        tx,
        campaign.id,
        contact,
        input.contact_id,
        sent.message_id,
        sent.conversation.id,
      );
      if (!first) return;
      await this.runs.addCounts(tx, campaign.id, 1, 0, 1);
      await emit(CampaignEvents.webwidgetTriggered, scope.account_id, {
        conversation: sent.conversation,
        campaign: { id: campaign.id, title: campaign.title },
        url: input.url,
        time_on_page: input.time_on_page,
      });
    });
    return { campaign_id: campaign.id, conversation_id: sent.conversation.id, message_id: sent.message_id };
  }
}
