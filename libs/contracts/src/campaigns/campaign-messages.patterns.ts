import type { AccountScoped } from '../rpc/caller';
import type { CampaignMessageSent, CampaignSendRequest, CampaignSendResult } from './campaign.types';

/** Commands messaging answers for the campaigns service (not reachable from the gateway). */
export const CampaignMessagePatterns = {
  /**
   * A new conversation of the contact in the inbox, opened by an outgoing message through the
   * inbox's channel. `key` (one per campaign and contact) is recorded with it: a repeat answers
   * the first send and sends nothing.
   */
  send: 'messaging.campaign_messages.send',
  /**
   * The same for several contacts of one campaign in one transaction, each send with its own key
   * (a repeated key answers its first send). A contact that is missing or blocked is answered with
   * its error and the others are sent; an inbox-wide refusal (inbox gone, window closed) fails the
   * whole command and sends nothing.
   */
  sendMany: 'messaging.campaign_messages.send_many',
} as const;

export interface CampaignMessagesRpc {
  [CampaignMessagePatterns.send]: {
    request: AccountScoped & {
      inbox_id: number;
      contact_id: number;
      campaign_id: number;
      content: string;
      key: string;
    };
    response: CampaignMessageSent;
  };
  [CampaignMessagePatterns.sendMany]: {
    request: AccountScoped & { inbox_id: number; campaign_id: number; sends: CampaignSendRequest[] };
    response: { results: CampaignSendResult[] };
  };
}
