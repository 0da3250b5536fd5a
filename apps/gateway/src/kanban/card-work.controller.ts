import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  ChecklistPatterns,
  NotePatterns,
  type AccountScoped,
  type ChecklistItem,
  type ChecklistProgress,
  type KanbanNote,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import {
  AssignChecklistAgentDto,
  ChecklistItemDto,
  ChecklistItemRefDto,
  DuplicateChecklistDto,
  KanbanNoteDto,
  NoteRefDto,
  SearchChecklistQueryDto,
  UpdateChecklistItemDto,
  UpdateNoteDto,
} from './card-work.dto';
import { ChecklistItemView, ChecklistProgressView, NoteView } from './card-work.responses';

/** A card's checklist and notes (`/kanban_items/{id}/…`); a checklist item or note of another card is a 404. */
@ApiTags('kanban')
@Controller('api/v1/accounts/:account_id/kanban_items/:id')
export class CardWorkController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('create_checklist_item')
  @ApiCreatedResponse({ type: ChecklistItemView })
  createChecklistItem(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ChecklistItemDto,
  ): Promise<ChecklistItem> {
    return this.rpc.send(ChecklistPatterns.create, { ...scope, id, data: body });
  }

  @Get('get_checklist')
  @ApiOkResponse({ type: [ChecklistItemView] })
  checklist(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<ChecklistItem[]> {
    return this.rpc.send(ChecklistPatterns.list, { ...scope, id });
  }

  @Patch('update_checklist_item')
  @ApiOkResponse({ type: ChecklistItemView })
  updateChecklistItem(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateChecklistItemDto,
  ): Promise<ChecklistItem> {
    const { checklist_item_id, ...data } = body;
    return this.rpc.send(ChecklistPatterns.update, { ...scope, id, checklist_item_id, data });
  }

  @Post('toggle_checklist_item')
  @HttpCode(200)
  @ApiOkResponse({ type: ChecklistItemView })
  toggleChecklistItem(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ChecklistItemRefDto,
  ): Promise<ChecklistItem> {
    return this.rpc.send(ChecklistPatterns.toggle, { ...scope, id, checklist_item_id: body.checklist_item_id });
  }

  @Delete('delete_checklist_item')
  @HttpCode(204)
  @ApiNoContentResponse()
  async deleteChecklistItem(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ChecklistItemRefDto,
  ): Promise<void> {
    await this.rpc.send(ChecklistPatterns.delete, { ...scope, id, checklist_item_id: body.checklist_item_id });
  }

  @Post('assign_agent_to_checklist_item')
  @HttpCode(200)
  @ApiOkResponse({ type: ChecklistItemView })
  assignChecklistAgent(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: AssignChecklistAgentDto,
  ): Promise<ChecklistItem> {
    return this.rpc.send(ChecklistPatterns.assignAgent, {
      ...scope,
      id,
      checklist_item_id: body.checklist_item_id,
      agent_id: body.agent_id,
    });
  }

  @Delete('remove_agent_from_checklist_item')
  @ApiOkResponse({ type: ChecklistItemView })
  removeChecklistAgent(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ChecklistItemRefDto,
  ): Promise<ChecklistItem> {
    return this.rpc.send(ChecklistPatterns.removeAgent, { ...scope, id, checklist_item_id: body.checklist_item_id });
  }

  @Post('duplicate_checklist')
  @HttpCode(200)
  @ApiOkResponse({ type: [ChecklistItemView], description: "The target card's checklist after the copy" })
  duplicateChecklist(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: DuplicateChecklistDto,
  ): Promise<ChecklistItem[]> {
    return this.rpc.send(ChecklistPatterns.duplicate, {
      ...scope,
      id,
      target_item_id: body.target_item_id,
      merge: body.merge,
    });
  }

  @Get('search_checklist')
  @ApiOkResponse({ type: [ChecklistItemView] })
  searchChecklist(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Query() query: SearchChecklistQueryDto,
  ): Promise<ChecklistItem[]> {
    return this.rpc.send(ChecklistPatterns.search, { ...scope, id, query: query.query ?? '', all: query.all === true });
  }

  @Get('checklist_progress_by_agent')
  @ApiOkResponse({ type: [ChecklistProgressView] })
  progressByAgent(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<ChecklistProgress[]> {
    return this.rpc.send(ChecklistPatterns.progressByAgent, { ...scope, id });
  }

  @Post('create_note')
  @ApiCreatedResponse({ type: NoteView })
  createNote(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: KanbanNoteDto,
  ): Promise<KanbanNote> {
    return this.rpc.send(NotePatterns.create, { ...scope, id, data: body });
  }

  @Get('get_notes')
  @ApiOkResponse({ type: [NoteView] })
  notes(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<KanbanNote[]> {
    return this.rpc.send(NotePatterns.list, { ...scope, id });
  }

  @Patch('update_note')
  @ApiOkResponse({ type: NoteView })
  updateNote(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateNoteDto,
  ): Promise<KanbanNote> {
    const { note_id, ...data } = body;
    return this.rpc.send(NotePatterns.update, { ...scope, id, note_id, data });
  }

  @Delete('delete_note')
  @HttpCode(204)
  @ApiNoContentResponse()
  async deleteNote(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: NoteRefDto,
  ): Promise<void> {
    await this.rpc.send(NotePatterns.delete, { ...scope, id, note_id: body.note_id });
  }
}
