import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NotePatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { NotesService } from './notes.service';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class NotesHandlers {
  constructor(private readonly notes: NotesService) {}

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.notes.create(r, r.id, r.data);
  }

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.notes.list(r.account_id, r.id);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.notes.update(r, r.id, r.note_id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.notes.delete(r.account_id, r.id, r.note_id);
  }
}
