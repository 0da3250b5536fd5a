import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  KANBAN_PRIORITIES,
  type ChecklistItemInput,
  type KanbanNoteInput,
  type KanbanPriority,
} from '@parley/contracts';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsId, MayBeOmitted, ToBoolean, ToInteger } from '../http/tolerant-input.decorators';

const NullableOrOmitted = () => ValidateIf((_, value) => value !== undefined && value !== null);

export class ChecklistItemDto implements ChecklistItemInput {
  @ApiPropertyOptional({ description: 'Required on create' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(2000)
  text?: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'YYYY-MM-DD' })
  @NullableOrOmitted()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  due_date?: string | null;
  @ApiPropertyOptional({ enum: KANBAN_PRIORITIES, nullable: true })
  @NullableOrOmitted()
  @IsIn(KANBAN_PRIORITIES)
  priority?: KanbanPriority | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) @ToInteger() @NullableOrOmitted() @IsId() agent_id?:
    number | null;
}

export class ChecklistItemRefDto {
  @ApiProperty() @ToInteger() @IsId() checklist_item_id: number;
}

export class UpdateChecklistItemDto extends ChecklistItemDto {
  @ApiProperty() @ToInteger() @IsId() checklist_item_id: number;
}

export class AssignChecklistAgentDto extends ChecklistItemRefDto {
  @ApiProperty() @ToInteger() @IsId() agent_id: number;
}

export class DuplicateChecklistDto {
  @ApiProperty({ description: 'The card that gets a copy of this checklist' })
  @ToInteger()
  @IsId()
  target_item_id: number;
  @ApiProperty({ description: "true appends to the target's checklist, false replaces it" })
  @ToBoolean()
  @IsBoolean()
  merge: boolean;
}

export class SearchChecklistQueryDto {
  @ApiPropertyOptional({ description: 'Words of the item text (each matches the start of a word); none finds nothing' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(200)
  query?: string;
  @ApiPropertyOptional({ description: "true: across the account's cards, not only this one" })
  @ToBoolean()
  @MayBeOmitted()
  @IsBoolean()
  all?: boolean;
}

export class KanbanNoteDto implements KanbanNoteInput {
  @ApiPropertyOptional({ description: 'Basic markdown, stored as given; required on create' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(50_000)
  text?: string;
  @ApiPropertyOptional({ type: [Number], description: "Ids of the card's attachments" })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(50)
  @IsId({ each: true })
  attachments?: number[];
  @ApiPropertyOptional({ nullable: true, type: Number }) @ToInteger() @NullableOrOmitted() @IsId() linked_item_id?:
    number | null;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Conversation number' })
  @ToInteger()
  @NullableOrOmitted()
  @IsId()
  linked_conversation_id?: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) @ToInteger() @NullableOrOmitted() @IsId() linked_contact_id?:
    number | null;
}

export class UpdateNoteDto extends KanbanNoteDto {
  @ApiProperty() @ToInteger() @IsId() note_id: number;
}

export class NoteRefDto {
  @ApiProperty() @ToInteger() @IsId() note_id: number;
}
