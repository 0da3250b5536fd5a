import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { AgentBotsModule } from './agent-bots/agent-bots.module';
import { AgentsModule } from './agents/agents.module';
import { AssignmentModule } from './assignment/assignment.module';
import { CampaignSendsModule } from './campaign-sends/campaign-sends.module';
import { CannedResponsesModule } from './canned-responses/canned-responses.module';
import { CascadesModule } from './cascades/cascades.module';
import { ConversationAttributesModule } from './conversation-attributes/conversation-attributes.module';
import { ConversationsModule } from './conversations/conversations.module';
import { CsatSurveysModule } from './csat-surveys/csat-surveys.module';
import { CustomAttributesModule } from './custom-attributes/custom-attributes.module';
import { HistoryModule } from './history/history.module';
import { IdentityModule } from './identity/identity.module';
import { InboxesModule } from './inboxes/inboxes.module';
import { LabelsModule } from './labels/labels.module';
import { MessagesModule } from './messages/messages.module';
import { ChannelSendsModule } from './channel-sends/channel-sends.module';
import { EmailInboundModule } from './email-inbound/email-inbound.module';
import { ProviderWebhooksModule } from './provider-webhooks/provider-webhooks.module';
import { MessagingConfigModule } from './messaging-config.module';
import { PlatformModule } from './platform/platform.module';
import { PublicApiModule } from './public-api/public-api.module';
import { RealtimeModule } from './realtime/realtime.module';
import { ContactsViewModule } from './read-models/contacts-view/contacts-view.module';
import { messagingSchema } from './schema';
import { SignInLinksModule } from './sign-in-links/sign-in-links.module';
import { StatusModule } from './status/status.module';
import { CustomFiltersModule } from './custom-filters/custom-filters.module';
import { TeamsModule } from './teams/teams.module';
import { TranscriptModule } from './transcript/transcript.module';

@Module({
  imports: [
    ServiceKitModule.forRoot({ service: 'messaging', schema: messagingSchema }),
    MessagingConfigModule,
    IdentityModule,
    PlatformModule,
    SignInLinksModule,
    AgentsModule,
    TeamsModule,
    InboxesModule,
    AgentBotsModule,
    LabelsModule,
    CustomAttributesModule,
    CannedResponsesModule,
    ContactsViewModule,
    ConversationsModule,
    CustomFiltersModule,
    PublicApiModule,
    RealtimeModule,
    AssignmentModule,
    StatusModule,
    ConversationAttributesModule,
    TranscriptModule,
    CampaignSendsModule,
    CsatSurveysModule,
    MessagesModule,
    ChannelSendsModule,
    EmailInboundModule,
    ProviderWebhooksModule,
    CascadesModule,
    HistoryModule,
  ],
})
export class AppModule {}
