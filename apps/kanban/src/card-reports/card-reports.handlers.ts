import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FunnelPatterns, KanbanItemPatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { CardReportsQuery } from './card-reports.query';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class CardReportsHandlers {
  constructor(private readonly reports: CardReportsQuery) {}

  @MessagePattern(FunnelPatterns.stageStats)
  stageStats(@Payload() r: RpcRequest<typeof FunnelPatterns.stageStats>) {
    return this.reports.stageStats(r.account_id, r.id);
  }

  @MessagePattern(P.reports)
  report(@Payload() r: RpcRequest<typeof P.reports>) {
    return this.reports.report(r.account_id, r.query);
  }

  @MessagePattern(P.debug)
  debug(@Payload() r: RpcRequest<typeof P.debug>) {
    return this.reports.debug(r.account_id, r.funnel_id);
  }

  @MessagePattern(P.timeReport)
  timeReport(@Payload() r: RpcRequest<typeof P.timeReport>) {
    return this.reports.timeReport(r.account_id, r.id);
  }

  @MessagePattern(P.stageTimeBreakdown)
  stageTimeBreakdown(@Payload() r: RpcRequest<typeof P.stageTimeBreakdown>) {
    return this.reports.stageTimeBreakdown(r.account_id, r.id);
  }
}
