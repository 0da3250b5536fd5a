import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KanbanCsvPatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { CardCsvService } from './card-csv.service';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class CardCsvHandlers {
  constructor(private readonly csv: CardCsvService) {}

  @MessagePattern(P.exportChunk)
  exportChunk(@Payload() r: RpcRequest<typeof P.exportChunk>) {
    return this.csv.exportChunk(r.account_id, r.funnel_id, r.after);
  }

  @MessagePattern(P.preview)
  preview(@Payload() r: RpcRequest<typeof P.preview>) {
    return this.csv.preview(r.storage_key);
  }

  @MessagePattern(P.import)
  import(@Payload() r: RpcRequest<typeof P.import>) {
    return this.csv.import(r, r.storage_key, r.funnel_id, r.default_stage_id, r.mappings);
  }
}
