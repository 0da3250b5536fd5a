import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReportPatterns as P, type RpcRequest, type RpcResponse } from '@parley/contracts';
import { ModelStateLoader } from '../model-state/model-state.loader';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsHandlers {
  constructor(
    private readonly reports: ReportsService,
    private readonly model: ModelStateLoader,
  ) {}

  @MessagePattern(P.summary)
  async summary(@Payload() r: RpcRequest<typeof P.summary>): Promise<RpcResponse<typeof P.summary>> {
    return { summary: await this.reports.summary(r.account_id, r.query), ...(await this.model.state()) };
  }

  @MessagePattern(P.series)
  async series(@Payload() r: RpcRequest<typeof P.series>): Promise<RpcResponse<typeof P.series>> {
    return { points: await this.reports.series(r.account_id, r.query), ...(await this.model.state()) };
  }

  @MessagePattern(P.conversationMetrics)
  async conversationMetrics(
    @Payload() r: RpcRequest<typeof P.conversationMetrics>,
  ): Promise<RpcResponse<typeof P.conversationMetrics>> {
    return { metrics: await this.reports.conversationMetrics(r.account_id, r.query), ...(await this.model.state()) };
  }

  @MessagePattern(P.entitySummaries)
  async entitySummaries(
    @Payload() r: RpcRequest<typeof P.entitySummaries>,
  ): Promise<RpcResponse<typeof P.entitySummaries>> {
    return { rows: await this.reports.entitySummaries(r.account_id, r.kind, r.query), ...(await this.model.state()) };
  }

  @MessagePattern(P.liveConversations)
  async liveConversations(
    @Payload() r: RpcRequest<typeof P.liveConversations>,
  ): Promise<RpcResponse<typeof P.liveConversations>> {
    return {
      live: await this.reports.liveConversations(r.account_id, r.per_team === true),
      ...(await this.model.state()),
    };
  }

  @MessagePattern(P.liveAgents)
  async liveAgents(@Payload() r: RpcRequest<typeof P.liveAgents>): Promise<RpcResponse<typeof P.liveAgents>> {
    return { live: await this.reports.liveAgents(r.account_id), ...(await this.model.state()) };
  }

  @MessagePattern(P.traffic)
  async traffic(@Payload() r: RpcRequest<typeof P.traffic>): Promise<RpcResponse<typeof P.traffic>> {
    return { cells: await this.reports.traffic(r.account_id, r.query), ...(await this.model.state()) };
  }

  @MessagePattern(P.botMetrics)
  async botMetrics(@Payload() r: RpcRequest<typeof P.botMetrics>): Promise<RpcResponse<typeof P.botMetrics>> {
    return { metrics: await this.reports.botMetrics(r.account_id, r.query), ...(await this.model.state()) };
  }
}
