import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KanbanConfigPatterns as P, type RpcRequest } from '@parley/contracts';
import { BoardSettingsService } from './board-settings.service';

/** The configuration answers whether the module is on or off (it is how it is switched back on). */
@Controller()
export class BoardSettingsHandlers {
  constructor(private readonly settings: BoardSettingsService) {}

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.settings.show(r.account_id);
  }

  @MessagePattern(P.save)
  save(@Payload() r: RpcRequest<typeof P.save>) {
    return this.settings.save(r.account_id, r.data, r.replace);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.settings.delete(r.account_id);
  }

  @MessagePattern(P.testWebhook)
  testWebhook(@Payload() r: RpcRequest<typeof P.testWebhook>) {
    return this.settings.testWebhook(r.account_id);
  }
}
