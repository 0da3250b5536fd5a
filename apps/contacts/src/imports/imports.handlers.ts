import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactPatterns as P, type RpcRequest } from '@parley/contracts';
import { ImportsService } from './imports.service';

@Controller()
export class ImportsHandlers {
  constructor(private readonly imports: ImportsService) {}

  @MessagePattern(P.createImport)
  create(@Payload() r: RpcRequest<typeof P.createImport>) {
    return this.imports.create(r.account_id, r.file_key);
  }

  @MessagePattern(P.showImport)
  show(@Payload() r: RpcRequest<typeof P.showImport>) {
    return this.imports.show(r.account_id, r.id);
  }

  @MessagePattern(P.importErrors)
  errors(@Payload() r: RpcRequest<typeof P.importErrors>) {
    return this.imports.errors(r.account_id, r.id);
  }
}
