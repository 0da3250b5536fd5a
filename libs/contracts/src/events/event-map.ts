import type { ContactEventMap } from '../contacts/contact.events';
import type { ConversationEventMap } from '../conversations/conversation.events';
import type { CustomAttributeEventMap } from '../custom-attributes/custom-attribute.events';
import type { IdentityEventMap } from '../identity/identity.events';
import type { InboxEventMap } from '../inboxes/inbox.events';
import type { LabelEventMap } from '../labels/label.events';
import type { TeamEventMap } from '../teams/team.events';
import type { CampaignEventMap } from '../campaigns/campaign.events';
import type { KanbanEventMap } from '../kanban/kanban.events';

/** Every event type of the system and the shape of its `data`. */
export interface EventMap
  extends
    IdentityEventMap,
    LabelEventMap,
    TeamEventMap,
    InboxEventMap,
    CustomAttributeEventMap,
    ContactEventMap,
    ConversationEventMap,
    CampaignEventMap,
    KanbanEventMap {}

export type EventType = keyof EventMap;

/** Current version of each event's payload; bump on a breaking change (and keep the old one readable). */
export const EVENT_VERSION = 1;
