import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactPatterns as P, type RpcRequest } from '@parley/contracts';
import { ContactInboxesService } from '../contact-inboxes/contact-inboxes.service';
import { ImportsService } from '../imports/imports.service';
import { MergeService } from '../merge/merge.service';
import { NotesService } from '../notes/notes.service';
import { ContactQuery } from './contact-query';
import { ContactsService } from './contacts.service';

@Controller()
export class ContactsHandlers {
  constructor(
    private readonly contacts: ContactsService,
    private readonly query: ContactQuery,
    private readonly inboxes: ContactInboxesService,
    private readonly notes: NotesService,
    private readonly merges: MergeService,
    private readonly imports: ImportsService,
  ) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.query.list(r.account_id, r.query);
  }

  @MessagePattern(P.search)
  search(@Payload() r: RpcRequest<typeof P.search>) {
    return this.query.search(r, r.q, r.page, r.include_conversations);
  }

  @MessagePattern(P.filter)
  filter(@Payload() r: RpcRequest<typeof P.filter>) {
    return this.query.filter(r.account_id, r.payload, r.page);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.contacts.show(r.account_id, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.contacts.create(r.account_id, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.contacts.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.contacts.delete(r.account_id, r.id);
  }

  @MessagePattern(P.block)
  block(@Payload() r: RpcRequest<typeof P.block>) {
    return this.contacts.setBlocked(r.account_id, r.id, true);
  }

  @MessagePattern(P.unblock)
  unblock(@Payload() r: RpcRequest<typeof P.unblock>) {
    return this.contacts.setBlocked(r.account_id, r.id, false);
  }

  @MessagePattern(P.listLabels)
  labels(@Payload() r: RpcRequest<typeof P.listLabels>) {
    return this.contacts.labels(r.account_id, r.id);
  }

  @MessagePattern(P.setLabels)
  setLabels(@Payload() r: RpcRequest<typeof P.setLabels>) {
    return this.contacts.setLabels(r.account_id, r.id, r.labels);
  }

  @MessagePattern(P.listInboxes)
  listInboxes(@Payload() r: RpcRequest<typeof P.listInboxes>) {
    return this.inboxes.list(r.account_id, r.id);
  }

  @MessagePattern(P.createInbox)
  createInbox(@Payload() r: RpcRequest<typeof P.createInbox>) {
    return this.inboxes.create(r.account_id, r.id, r.inbox_id, r.source_id);
  }

  @MessagePattern(P.contactableInboxes)
  contactable(@Payload() r: RpcRequest<typeof P.contactableInboxes>) {
    return this.inboxes.contactable(r.account_id, r.id);
  }

  @MessagePattern(P.listNotes)
  listNotes(@Payload() r: RpcRequest<typeof P.listNotes>) {
    return this.notes.list(r.account_id, r.id);
  }

  @MessagePattern(P.createNote)
  createNote(@Payload() r: RpcRequest<typeof P.createNote>) {
    return this.notes.create(r.account_id, r.id, r.caller.user_id, r.content);
  }

  @MessagePattern(P.updateNote)
  updateNote(@Payload() r: RpcRequest<typeof P.updateNote>) {
    return this.notes.update(r.account_id, r.id, r.note_id, r.content);
  }

  @MessagePattern(P.deleteNote)
  deleteNote(@Payload() r: RpcRequest<typeof P.deleteNote>) {
    return this.notes.delete(r.account_id, r.id, r.note_id);
  }

  @MessagePattern(P.merge)
  merge(@Payload() r: RpcRequest<typeof P.merge>) {
    return this.merges.merge(r.account_id, r.base_contact_id, r.mergee_contact_id);
  }

  @MessagePattern(P.createImport)
  createImport(@Payload() r: RpcRequest<typeof P.createImport>) {
    return this.imports.create(r.account_id, r.file_key);
  }

  @MessagePattern(P.showImport)
  showImport(@Payload() r: RpcRequest<typeof P.showImport>) {
    return this.imports.show(r.account_id, r.id);
  }

  @MessagePattern(P.importErrors)
  importErrors(@Payload() r: RpcRequest<typeof P.importErrors>) {
    return this.imports.errors(r.account_id, r.id);
  }
}
