import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AttachmentPatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { AttachmentsService } from './attachments.service';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class AttachmentsHandlers {
  constructor(private readonly attachments: AttachmentsService) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.attachments.list(r.account_id, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.attachments.create(r.account_id, r.id, r.file, r.note_id);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.attachments.delete(r.account_id, r.id, r.attachment_id, r.of_note);
  }
}
