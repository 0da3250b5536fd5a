import type { PublicApiErrors } from '../public-api/public-api.errors';
import type { ContactInboxErrors } from '../contacts/contact-inbox.errors';
import type { ContactErrors } from '../contacts/contact.errors';
import type { ImportErrors } from '../contacts/import.errors';
import type { MergeErrors } from '../contacts/merge.errors';
import type { NoteErrors } from '../contacts/note.errors';
import type { DeliveryErrors } from '../webhooks/delivery.errors';
import type { WebhookErrors } from '../webhooks/webhook.errors';
import type { AgentErrors } from '../agents/agent.errors';
import type { InvitationErrors } from '../agents/invitation.errors';
import type { CannedResponseErrors } from '../canned-responses/canned-response.errors';
import type { ConversationErrors } from '../conversations/conversation.errors';
import type { CustomAttributeErrors } from '../custom-attributes/custom-attribute.errors';
import type { AccountErrors } from '../identity/account.errors';
import type { UserErrors } from '../identity/user.errors';
import type { AgentBotErrors } from '../inboxes/agent-bot.errors';
import type { CustomFilterErrors } from '../custom-filters/custom-filter.errors';
import type { InboxErrors } from '../inboxes/inbox.errors';
import type { ProviderWebhookErrors } from '../inboxes/provider-webhooks.patterns';
import type { LabelErrors } from '../labels/label.errors';
import type { MessageErrors } from '../messages/message.errors';
import type { TeamErrors } from '../teams/team.errors';
import type { AutomationRuleErrors } from '../automation/automation-rule.errors';
import type { MacroErrors } from '../automation/macro.errors';
import type { CampaignErrors } from '../campaigns/campaign.errors';
import type { ReportErrors } from '../reports/report.errors';
import type { CsatErrors } from '../csat/csat.errors';
import type { KanbanErrors, KanbanWorkErrors } from '../kanban/kanban.errors';
import type { CodeOf, CommonErrors } from './common.errors';

/** The codes of the messaging service's resources. */
type MessagingErrorCode =
  | CodeOf<typeof AccountErrors>
  | CodeOf<typeof UserErrors>
  | CodeOf<typeof AgentErrors>
  | CodeOf<typeof InvitationErrors>
  | CodeOf<typeof TeamErrors>
  | CodeOf<typeof InboxErrors>
  | CodeOf<typeof ProviderWebhookErrors>
  | CodeOf<typeof AgentBotErrors>
  | CodeOf<typeof CustomFilterErrors>
  | CodeOf<typeof LabelErrors>
  | CodeOf<typeof CustomAttributeErrors>
  | CodeOf<typeof CannedResponseErrors>
  | CodeOf<typeof ConversationErrors>
  | CodeOf<typeof MessageErrors>;

/** The codes of the contacts service's resources. */
type ContactsErrorCode =
  | CodeOf<typeof ContactErrors>
  | CodeOf<typeof ContactInboxErrors>
  | CodeOf<typeof NoteErrors>
  | CodeOf<typeof ImportErrors>
  | CodeOf<typeof MergeErrors>;

/** The codes of the webhook dispatcher's resources. */
type WebhooksErrorCode = CodeOf<typeof WebhookErrors> | CodeOf<typeof DeliveryErrors>;

/**
 * Every code a service may answer with. A new catalogue joins this union, and the gateway's
 * status table (a `Record<ErrorCode, …>`) then refuses to compile until each code has a status.
 */
export type ErrorCode =
  | CodeOf<typeof CommonErrors>
  | MessagingErrorCode
  | ContactsErrorCode
  | WebhooksErrorCode
  | CodeOf<typeof AutomationRuleErrors>
  | CodeOf<typeof MacroErrors>
  | CodeOf<typeof CampaignErrors>
  | CodeOf<typeof ReportErrors>
  | CodeOf<typeof CsatErrors>
  | CodeOf<typeof KanbanErrors>
  | CodeOf<typeof KanbanWorkErrors>
  | CodeOf<typeof PublicApiErrors>;
