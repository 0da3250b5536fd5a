import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CustomFilterPatterns as P, type RpcRequest } from '@parley/contracts';
import { CustomFiltersService } from './custom-filters.service';

@Controller()
export class CustomFiltersHandlers {
  constructor(private readonly filters: CustomFiltersService) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.filters.list(r, r.filter_type);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.filters.show(r, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.filters.create(r, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.filters.update(r, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.filters.delete(r, r.id);
  }
}
