import { ApiProperty } from '@nestjs/swagger';
import {
  KANBAN_PRIORITIES,
  type ChecklistItem,
  type ChecklistProgress,
  type KanbanNote,
  type KanbanPriority,
} from '@parley/contracts';

export class ChecklistItemView implements ChecklistItem {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'The card' }) item_id: number;
  @ApiProperty() text: string;
  @ApiProperty({ nullable: true, type: String, description: 'YYYY-MM-DD' }) due_date: string | null;
  @ApiProperty({ enum: KANBAN_PRIORITIES, nullable: true }) priority: KanbanPriority | null;
  @ApiProperty({ nullable: true, type: Number }) agent_id: number | null;
  @ApiProperty() completed: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) completed_at: string | null;
  @ApiProperty() position: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class ChecklistProgressView implements ChecklistProgress {
  @ApiProperty() agent_id: number;
  @ApiProperty() assigned: number;
  @ApiProperty() completed: number;
}

export class NoteView implements KanbanNote {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'The card' }) item_id: number;
  @ApiProperty() text: string;
  @ApiProperty({ type: [Number] }) attachments: number[];
  @ApiProperty({ nullable: true, type: Number }) linked_item_id: number | null;
  @ApiProperty({ nullable: true, type: Number }) linked_conversation_id: number | null;
  @ApiProperty({ nullable: true, type: Number }) linked_contact_id: number | null;
  @ApiProperty({ nullable: true, type: Number }) created_by: number | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class KanbanAttachmentView {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'The card' }) item_id: number;
  @ApiProperty({ nullable: true, type: Number }) note_id: number | null;
  @ApiProperty({ description: 'Signed; expires' }) file_url: string;
  @ApiProperty({ description: 'Bytes' }) file_size: number;
  @ApiProperty({ description: 'MIME type' }) file_type: string;
  @ApiProperty() file_name: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}
