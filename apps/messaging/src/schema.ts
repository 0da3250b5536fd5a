import {
  deletedAccountsMigration,
  parkedEventsMigration,
  kitTablesMigration,
  type SchemaDefinition,
} from '@parley/service-kit';
import { Identity1732233600001 } from './migrations/1732233600001-identity-and-labels';
import { WorkspaceAdministration1732233600002 } from './migrations/1732233600002-workspace-administration';
import { ConversationsAndMessages1732233600003 } from './migrations/1732233600003-conversations-and-messages';
import { ConversationCountIndex1732233600004 } from './migrations/1732233600004-conversation-count-index';
import { ClientFacingFields1732233600005 } from './migrations/1732233600005-client-facing-fields';
import { CommandKeys1732233600006 } from './migrations/1732233600006-command-keys';
import { ConversationCounts1732233600010 } from './migrations/1732233600010-conversation-counts';
import { CsatSurveyTokenIndex1732233600007 } from './migrations/1732233600007-csat-survey-token-index';
import { ConversationHistory1732233600020 } from './migrations/1732233600020-conversation-history';
import { ChannelDelivery1732233600040 } from './migrations/1732233600040-channel-delivery';
import { ReferenceEndpoints1732233600041 } from './migrations/1732233600041-reference-endpoints';
import { ProviderWebhooks1732233600050 } from './migrations/1732233600050-provider-webhooks';
import { InboxHmac1732233600050 } from './migrations/1732233600050-inbox-hmac';
import { UserPubsubToken1732233600060 } from './migrations/1732233600060-user-pubsub-token';
import { AgentPresence1732233600070 } from './migrations/1732233600070-agent-presence';
import { SendAttempts1732233600072 } from './migrations/1732233600072-send-attempts';

/** The tables of the `messaging` schema and the migrations that build them, in order. */
export const messagingSchema: SchemaDefinition = {
  migrations: [
    kitTablesMigration('messaging'),
    Identity1732233600001,
    WorkspaceAdministration1732233600002,
    ConversationsAndMessages1732233600003,
    ConversationCountIndex1732233600004,
    ClientFacingFields1732233600005,
    CommandKeys1732233600006,
    CsatSurveyTokenIndex1732233600007,
    ConversationCounts1732233600010,
    ConversationHistory1732233600020,
    ChannelDelivery1732233600040,
    ReferenceEndpoints1732233600041,
    ProviderWebhooks1732233600050,
    InboxHmac1732233600050,
    UserPubsubToken1732233600060,
    AgentPresence1732233600070,
    SendAttempts1732233600072,
    deletedAccountsMigration('messaging'),
    parkedEventsMigration('messaging'),
  ],
};
