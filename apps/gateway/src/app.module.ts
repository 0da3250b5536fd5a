import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { FileStorageModule, ServiceKitModule } from '@parley/service-kit';
import { AgentBotsController } from './agent-bots/agent-bots.controller';
import { PlatformAgentBotsController } from './agent-bots/platform-agent-bots.controller';
import { SignInLinkController } from './auth-activation/sign-in-link.controller';
import { SurveyPageController } from './csat/survey-page.controller';
import { WidgetConfigController } from './public-api/widget-config.controller';
import { WidgetScriptController } from './web-widget/widget-script.controller';
import { WidgetScriptService } from './web-widget/widget-script.service';
import { CustomFiltersController } from './custom-filters/custom-filters.controller';
import { AttachmentsController } from './attachments/attachments.controller';
import { ConversationsController } from './conversations/conversations.controller';
import { MessagesController } from './messages/messages.controller';
import { AgentsController } from './agents/agents.controller';
import { ApiInfoController } from './api-info/api-info.controller';
import { ActivationController } from './auth-activation/activation.controller';
import { CannedResponsesController } from './canned-responses/canned-responses.controller';
import { ContactMergeController } from './contacts/contact-merge.controller';
import { ContactRelationsController } from './contacts/contact-relations.controller';
import { ContactsController } from './contacts/contacts.controller';
import { CustomAttributesController } from './custom-attributes/custom-attributes.controller';
import { InboxMembersController } from './inboxes/inbox-members.controller';
import { InboxesController } from './inboxes/inboxes.controller';
import { TeamsController } from './teams/teams.controller';
import { AuthGuard } from './auth/auth.guard';
import { TokenResolverService } from './auth/token-resolver.service';
import { HttpErrorFilter } from './errors/http-error.filter';
import { GATEWAY_CONFIG, loadGatewayConfig } from './gateway.config';
import { HealthController } from './health/health.controller';
import { SystemHealthService } from './health/system-health.service';
import { HttpMetricsService } from './http/http-metrics.service';
import { createValidationPipe } from './http/validation.pipe';
import { LabelsController } from './labels/labels.controller';
import { IdentityRateLimitGuard, IpRateLimitGuard } from './rate-limit/rate-limit.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { PlatformAccountsController } from './platform/platform-accounts.controller';
import { PlatformUsersController } from './platform/platform-users.controller';
import { ProfileController } from './profile/profile.controller';
import { WebhooksController } from './webhooks/webhooks.controller';
import { ProviderWebhooksController } from './provider-webhooks/provider-webhooks.controller';
import { AutomationRulesController } from './automation-rules/automation-rules.controller';
import { MacrosController } from './macros/macros.controller';
import { CampaignsController } from './campaigns/campaigns.controller';
import { CampaignTriggersController } from './campaigns/campaign-triggers.controller';
import { ReportsController } from './reports/reports.controller';
import { ReportingModelController } from './reports/reporting-model.controller';
import { CsatReportsController, CsatSurveyController } from './csat/csat.controller';
import { CardWorkController } from './kanban/card-work.controller';
import { FunnelsController } from './kanban/funnels.controller';
import { KanbanAttachmentsController } from './kanban/kanban-attachments.controller';
import { KanbanCsvController } from './kanban/kanban-csv.controller';
import { KanbanAutomationsController, LegacyKanbanAutomationsController } from './kanban/kanban-automations.controller';
import { KanbanConfigController } from './kanban/kanban-config.controller';
import { KanbanItemMovesController } from './kanban/kanban-item-moves.controller';
import { KanbanItemsController } from './kanban/kanban-items.controller';
import { KanbanStagesController } from './kanban/kanban-stages.controller';
import { PublicConversationsController } from './public-api/public-conversations.controller';
import { PublicInboxesController } from './public-api/public-inboxes.controller';
import { PublicInboxKindsService } from './public-api/public-inbox-kinds.service';
import { WidgetRateLimitGuard } from './public-api/widget-rate-limit.guard';
import { CablePresenceService } from './realtime/cable-presence.service';
import { CableService } from './realtime/cable.service';
import { RealtimeHistoryService } from './realtime/realtime-history.service';

@Module({
  imports: [
    ServiceKitModule.forRoot({ service: 'gateway' }),
    FileStorageModule.register('gateway', { signsLinks: true }),
    RateLimitModule,
  ],
  controllers: [
    ApiInfoController,
    HealthController,
    PlatformAccountsController,
    PlatformUsersController,
    PlatformAgentBotsController,
    ProfileController,
    ActivationController,
    SignInLinkController,
    AgentsController,
    TeamsController,
    InboxesController,
    InboxMembersController,
    AgentBotsController,
    CustomFiltersController,
    LabelsController,
    CustomAttributesController,
    CannedResponsesController,
    ConversationsController,
    ContactsController,
    ContactRelationsController,
    ContactMergeController,
    MessagesController,
    AttachmentsController,
    WebhooksController,
    ProviderWebhooksController,
    AutomationRulesController,
    MacrosController,
    CampaignsController,
    CampaignTriggersController,
    ReportsController,
    ReportingModelController,
    CsatReportsController,
    CsatSurveyController,
    SurveyPageController,
    KanbanConfigController,
    FunnelsController,
    KanbanStagesController,
    KanbanCsvController,
    KanbanItemMovesController,
    KanbanItemsController,
    CardWorkController,
    KanbanAttachmentsController,
    KanbanAutomationsController,
    LegacyKanbanAutomationsController,
    PublicInboxesController,
    PublicConversationsController,
    WidgetConfigController,
    WidgetScriptController,
  ],
  providers: [
    { provide: GATEWAY_CONFIG, useFactory: () => loadGatewayConfig() },
    TokenResolverService,
    HttpMetricsService,
    SystemHealthService,
    PublicInboxKindsService,
    WidgetScriptService,
    WidgetRateLimitGuard,
    CableService,
    CablePresenceService,
    RealtimeHistoryService,
    // In this order: count the client's IP, authenticate, then count the token and the account.
    { provide: APP_GUARD, useExisting: IpRateLimitGuard },
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useExisting: IdentityRateLimitGuard },
    { provide: APP_FILTER, useClass: HttpErrorFilter },
    { provide: APP_PIPE, useFactory: createValidationPipe },
  ],
})
export class AppModule {}
