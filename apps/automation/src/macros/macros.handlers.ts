import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MacroPatterns as P, type RpcRequest } from '@parley/contracts';
import { MacrosService } from './macros.service';

@Controller()
export class MacrosHandlers {
  constructor(private readonly macros: MacrosService) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.macros.list(r);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.macros.show(r, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.macros.create(r, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.macros.update(r, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.macros.delete(r, r.id);
  }

  @MessagePattern(P.execute)
  execute(@Payload() r: RpcRequest<typeof P.execute>) {
    return this.macros.execute(r, r.id, r.conversation_ids);
  }
}
