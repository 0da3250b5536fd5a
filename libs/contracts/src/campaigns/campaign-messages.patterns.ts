import type { AccountScoped } from '../rpc/caller';
import type { CampaignMessageSent } from './campaign.types';

/** Commands messaging answers for the campaigns service (not reachable from the gateway). */
export const CampaignMessagePatterns = {
  /**
   * A new conversation of the contact in the inbox, opened by an outgoing message through the
   * inbox's channel. `key` (one per campaign and contact) is recorded with it: a repeat answers
   * the first send and sends nothing.
   */
  send: 'messaging.campaign_messages.send',
} as const;

export interface CampaignMessagesRpc {
  [CampaignMessagePatterns.send]: {
    request: AccountScoped & { inbox_id: number; contact_id: number; campaign_id: number; content: string; key: string };
    response: CampaignMessageSent;
  };
}
