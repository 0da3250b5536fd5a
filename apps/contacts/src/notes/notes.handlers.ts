import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactPatterns as P, type RpcRequest } from '@parley/contracts';
import { NotesService } from './notes.service';

@Controller()
export class NotesHandlers {
  constructor(private readonly notes: NotesService) {}

  @MessagePattern(P.listNotes)
  list(@Payload() r: RpcRequest<typeof P.listNotes>) {
    return this.notes.list(r.account_id, r.id);
  }

  @MessagePattern(P.createNote)
  create(@Payload() r: RpcRequest<typeof P.createNote>) {
    return this.notes.create(r.account_id, r.id, r.caller.user_id, r.content);
  }

  @MessagePattern(P.updateNote)
  update(@Payload() r: RpcRequest<typeof P.updateNote>) {
    return this.notes.update(r.account_id, r.id, r.note_id, r.content);
  }

  @MessagePattern(P.deleteNote)
  delete(@Payload() r: RpcRequest<typeof P.deleteNote>) {
    return this.notes.delete(r.account_id, r.id, r.note_id);
  }
}
