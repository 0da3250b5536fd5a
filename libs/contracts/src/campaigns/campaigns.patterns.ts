import type { AccountScoped, ById } from '../rpc/caller';
import type {
  Campaign,
  CampaignSendPage,
  CampaignSendQuery,
  CampaignTriggerInput,
  CampaignTriggerResult,
  OngoingCampaignTrigger,
  CreateCampaignInput,
  UpdateCampaignInput,
} from './campaign.types';

export const CampaignPatterns = {
  list: 'campaigns.campaigns.list',
  show: 'campaigns.campaigns.show',
  create: 'campaigns.campaigns.create',
  update: 'campaigns.campaigns.update',
  delete: 'campaigns.campaigns.delete',
  pause: 'campaigns.campaigns.pause',
  resume: 'campaigns.campaigns.resume',
  sends: 'campaigns.campaigns.sends',
  trigger: 'campaigns.triggers.fire',
  /** An inbox's enabled ongoing campaigns' triggers, for its web widget to watch the page with. */
  ongoingTriggers: 'campaigns.triggers.ongoing',
} as const;

export interface CampaignsRpc {
  [CampaignPatterns.list]: { request: AccountScoped; response: Campaign[] };
  [CampaignPatterns.show]: { request: ById; response: Campaign };
  [CampaignPatterns.create]: { request: AccountScoped & { data: CreateCampaignInput }; response: Campaign };
  [CampaignPatterns.update]: { request: ById & { data: UpdateCampaignInput }; response: Campaign };
  [CampaignPatterns.delete]: { request: ById; response: null };
  [CampaignPatterns.pause]: { request: ById; response: null };
  [CampaignPatterns.resume]: { request: ById; response: null };
  /** The send log: 25 per page, in contact order. */
  [CampaignPatterns.sends]: { request: ById & { query: CampaignSendQuery }; response: CampaignSendPage };
  /** The widget trigger of an inbox's ongoing campaigns (`id`: the inbox). */
  [CampaignPatterns.trigger]: { request: ById & { data: CampaignTriggerInput }; response: CampaignTriggerResult };
  [CampaignPatterns.ongoingTriggers]: {
    request: { account_id: number; inbox_id: number };
    response: OngoingCampaignTrigger[];
  };
}
