import type { AutomationRulesRpc } from '../automation/automation-rules.patterns';
import type { MacrosRpc } from '../automation/macros.patterns';
import type { AgentsRpc } from '../agents/agents.patterns';
import type { CannedResponsesRpc } from '../canned-responses/canned-responses.patterns';
import type { ContactLinksRpc } from '../contacts/contact-links.patterns';
import type { ContactLookupRpc } from '../contacts/contact-lookup.patterns';
import type { ContactsRpc } from '../contacts/contacts.patterns';
import type { ConversationsRpc } from '../conversations/conversations.patterns';
import type { CustomAttributesRpc } from '../custom-attributes/custom-attributes.patterns';
import type { IdentityRpc } from '../identity/identity.patterns';
import type { InboxesRpc } from '../inboxes/inboxes.patterns';
import type { ProviderWebhooksRpc } from '../inboxes/provider-webhooks.patterns';
import type { LabelsRpc } from '../labels/labels.patterns';
import type { TeamsRpc } from '../teams/teams.patterns';
import type { WebhooksRpc } from '../webhooks/webhooks.patterns';
import type { CampaignsRpc } from '../campaigns/campaigns.patterns';
import type { CampaignMessagesRpc } from '../campaigns/campaign-messages.patterns';
import type { ReportsRpc } from '../reports/reports.patterns';
import type { CsatRpc } from '../csat/csat.patterns';
import type { KanbanRpc } from '../kanban/kanban.patterns';
import type { CardWorkRpc } from '../kanban/card-work.patterns';
import type { KanbanRpcCsv } from '../kanban/kanban-csv.patterns';
import type { KanbanAutomationRpc } from '../kanban/kanban-automation.patterns';
import type { HistoryRpc } from '../conversations/history.patterns';
import type { CustomFiltersRpc } from '../custom-filters/custom-filters.patterns';
import type { PublicApiRpc } from '../public-api/public-api.patterns';
import type { RealtimeRpc } from '../realtime/realtime.patterns';

/** Every request/reply pattern of the system, with its request and response types. */
export interface RpcMap
  extends
    IdentityRpc,
    LabelsRpc,
    AgentsRpc,
    TeamsRpc,
    InboxesRpc,
    ProviderWebhooksRpc,
    CustomAttributesRpc,
    CannedResponsesRpc,
    ContactLookupRpc,
    ContactLinksRpc,
    ContactsRpc,
    ConversationsRpc,
    WebhooksRpc,
    AutomationRulesRpc,
    MacrosRpc,
    CampaignsRpc,
    CampaignMessagesRpc,
    ReportsRpc,
    CsatRpc,
    KanbanRpc,
    CardWorkRpc,
    KanbanRpcCsv,
    KanbanAutomationRpc,
    HistoryRpc,
    CustomFiltersRpc,
    PublicApiRpc,
    RealtimeRpc {}

export type RpcPattern = keyof RpcMap;
export type RpcRequest<P extends RpcPattern> = RpcMap[P]['request'];
export type RpcResponse<P extends RpcPattern> = RpcMap[P]['response'];
