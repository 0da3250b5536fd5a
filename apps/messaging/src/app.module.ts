import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { AgentsModule } from './agents/agents.module';
import { CannedResponsesModule } from './canned-responses/canned-responses.module';
import { ConversationsModule } from './conversations/conversations.module';
import { CustomAttributesModule } from './custom-attributes/custom-attributes.module';
import { IdentityModule } from './identity/identity.module';
import { InboxesModule } from './inboxes/inboxes.module';
import { TeamsModule } from './teams/teams.module';
import { LabelsModule } from './labels/labels.module';
import { MessagingConfigModule } from './messaging-config.module';
import { PlatformModule } from './platform/platform.module';
import { messagingSchema } from './schema';

@Module({
  imports: [
    ServiceKitModule.forRoot({ service: 'messaging', schema: messagingSchema }),
    MessagingConfigModule,
    IdentityModule,
    PlatformModule,
    AgentsModule,
    TeamsModule,
    InboxesModule,
    LabelsModule,
    CustomAttributesModule,
    CannedResponsesModule,
    ConversationsModule,
  ],
})
export class AppModule {}
