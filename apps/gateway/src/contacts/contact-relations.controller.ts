import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  ContactPatterns as P,
  ConversationPatterns,
  type AccountScoped,
  type ContactInboxLink,
  type ContactNote,
  type Conversation,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { LabelTitlesView } from '../labels/label.responses';
import { ContactInboxDto, ContactLabelsDto, NoteDto } from './contact.dto';
import {
  ContactableInboxesView,
  ContactConversationsView,
  ContactInboxLinksView,
  ContactInboxLinkView,
  ContactNoteView,
} from './contact.responses';

/** What hangs off one contact: its conversations, inbox links, notes and labels. */
@ApiTags('contacts')
@Controller('api/v1/accounts/:account_id/contacts')
export class ContactRelationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':id/conversations')
  @ApiOkResponse({ type: ContactConversationsView })
  async conversations(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
  ): Promise<{ payload: Conversation[] }> {
    await this.rpc.send(P.show, { ...scope, id });
    return { payload: await this.rpc.send(ConversationPatterns.ofContact, { ...scope, contact_id: id }) };
  }

  @Get(':id/contact_inboxes')
  @ApiOkResponse({ type: ContactInboxLinksView })
  async contactInboxes(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
  ): Promise<{ payload: ContactInboxLink[] }> {
    return { payload: await this.rpc.send(P.listInboxes, { ...scope, id }) };
  }

  @Post(':id/contact_inboxes')
  @ApiCreatedResponse({ type: ContactInboxLinkView })
  createContactInbox(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ContactInboxDto,
  ): Promise<ContactInboxLink> {
    return this.rpc.send(P.createInbox, { ...scope, id, inbox_id: body.inbox_id, source_id: body.source_id });
  }

  @Get(':id/contactable_inboxes')
  @ApiOkResponse({ type: ContactableInboxesView })
  async contactable(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
  ): Promise<{ payload: Array<{ source_id: string | null; inbox: ContactInboxLink['inbox'] }> }> {
    return { payload: await this.rpc.send(P.contactableInboxes, { ...scope, id }) };
  }

  @Get(':id/notes')
  @ApiOkResponse({ type: [ContactNoteView] })
  notes(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<ContactNote[]> {
    return this.rpc.send(P.listNotes, { ...scope, id });
  }

  @Post(':id/notes')
  @ApiCreatedResponse({ type: ContactNoteView })
  createNote(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: NoteDto,
  ): Promise<ContactNote> {
    return this.rpc.send(P.createNote, { ...scope, id, content: body.content });
  }

  @Patch(':id/notes/:note_id')
  @ApiOkResponse({ type: ContactNoteView })
  updateNote(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Param('note_id', IdPipe) noteId: number,
    @Body() body: NoteDto,
  ): Promise<ContactNote> {
    return this.rpc.send(P.updateNote, { ...scope, id, note_id: noteId, content: body.content });
  }

  @Delete(':id/notes/:note_id')
  @HttpCode(204)
  async deleteNote(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Param('note_id', IdPipe) noteId: number,
  ): Promise<void> {
    await this.rpc.send(P.deleteNote, { ...scope, id, note_id: noteId });
  }

  @Get(':id/labels')
  @ApiOkResponse({ type: LabelTitlesView })
  async labels(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<{ payload: string[] }> {
    return { payload: await this.rpc.send(P.listLabels, { ...scope, id }) };
  }

  /** Replaces the contact's labels. */
  @Post(':id/labels')
  @HttpCode(200)
  @ApiOkResponse({ type: LabelTitlesView })
  async setLabels(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ContactLabelsDto,
  ): Promise<{ payload: string[] }> {
    return { payload: await this.rpc.send(P.setLabels, { ...scope, id, labels: body.labels }) };
  }
}
