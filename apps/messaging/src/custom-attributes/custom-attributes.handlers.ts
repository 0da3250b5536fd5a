import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CustomAttributePatterns, type RpcRequest } from '@parley/contracts';
import { CustomAttributesService } from './custom-attributes.service';

@Controller()
export class CustomAttributesHandlers {
  constructor(private readonly definitions: CustomAttributesService) {}

  @MessagePattern(CustomAttributePatterns.list)
  list(@Payload() r: RpcRequest<typeof CustomAttributePatterns.list>) {
    return this.definitions.list(r.account_id, r.attribute_model);
  }

  @MessagePattern(CustomAttributePatterns.ofModel)
  ofModel(@Payload() r: RpcRequest<typeof CustomAttributePatterns.ofModel>) {
    return this.definitions.list(r.account_id, r.attribute_model);
  }

  @MessagePattern(CustomAttributePatterns.show)
  show(@Payload() r: RpcRequest<typeof CustomAttributePatterns.show>) {
    return this.definitions.show(r.account_id, r.id);
  }

  @MessagePattern(CustomAttributePatterns.create)
  create(@Payload() r: RpcRequest<typeof CustomAttributePatterns.create>) {
    return this.definitions.create(r.account_id, r.data);
  }

  @MessagePattern(CustomAttributePatterns.update)
  update(@Payload() r: RpcRequest<typeof CustomAttributePatterns.update>) {
    return this.definitions.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(CustomAttributePatterns.delete)
  delete(@Payload() r: RpcRequest<typeof CustomAttributePatterns.delete>) {
    return this.definitions.delete(r.account_id, r.id);
  }
}
