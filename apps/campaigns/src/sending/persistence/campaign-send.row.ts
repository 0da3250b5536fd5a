/** @owns campaigns.campaign_sends */
import type { CampaignSendStatus } from '@parley/contracts';
import type { RenderContact } from '../message-render.rules';

/** A row of `campaigns.campaign_sends`: one contact of a campaign's audience and what became of its send. */
export interface CampaignSendRow {
  campaign_id: number;
  contact_id: number;
  /** The contact's fields when the audience was resolved (what the message is rendered from). */
  contact: RenderContact;
  status: CampaignSendStatus;
  error: string | null;
  message_id: string | null;
  conversation_id: number | null;
  sent_at: Date | null;
}
