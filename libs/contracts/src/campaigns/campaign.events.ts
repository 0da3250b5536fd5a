import type { ConversationSnapshot } from '../conversations/conversation.events';

export const CampaignEvents = {
  /** An ongoing campaign's trigger rule matched and started a conversation (public name `webwidget_triggered`). */
  webwidgetTriggered: 'campaigns.campaign.webwidget_triggered',
} as const;

export interface CampaignEventMap {
  [CampaignEvents.webwidgetTriggered]: {
    conversation: ConversationSnapshot;
    campaign: { id: number; title: string };
    url: string;
    time_on_page: number;
  };
}
