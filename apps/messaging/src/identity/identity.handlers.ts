import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentityPatterns, type RpcRequest } from '@parley/contracts';
import { IdentityService } from './identity.service';

@Controller()
export class IdentityHandlers {
  constructor(private readonly identity: IdentityService) {}

  @MessagePattern(IdentityPatterns.resolveToken)
  resolve(@Payload() request: RpcRequest<typeof IdentityPatterns.resolveToken>) {
    return this.identity.resolve(request.token_hash);
  }

  @MessagePattern(IdentityPatterns.profile)
  profile(@Payload() request: RpcRequest<typeof IdentityPatterns.profile>) {
    return this.identity.profile(request.caller.user_id);
  }

  @MessagePattern(IdentityPatterns.rotateToken)
  rotateToken(@Payload() request: RpcRequest<typeof IdentityPatterns.rotateToken>) {
    return this.identity.rotateToken(request.caller.user_id);
  }
}
