import type { KanbanPriority } from './kanban-item.types';

export interface ChecklistItem {
  id: number;
  item_id: number;
  text: string;
  /** ISO date (YYYY-MM-DD). */
  due_date: string | null;
  priority: KanbanPriority | null;
  agent_id: number | null;
  completed: boolean;
  completed_at: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ChecklistItemInput {
  text?: string;
  due_date?: string | null;
  priority?: KanbanPriority | null;
  agent_id?: number | null;
}

export interface ChecklistProgress {
  agent_id: number;
  assigned: number;
  completed: number;
}

export interface KanbanNote {
  id: number;
  item_id: number;
  text: string;
  attachments: number[];
  linked_item_id: number | null;
  linked_conversation_id: number | null;
  linked_contact_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface KanbanNoteInput {
  text?: string;
  attachments?: number[];
  linked_item_id?: number | null;
  linked_conversation_id?: number | null;
  linked_contact_id?: number | null;
}

/** 25 MB per file (the contract's limit). */
export const KANBAN_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

export interface KanbanAttachment {
  id: number;
  item_id: number;
  note_id: number | null;
  /** Signed and expiring. */
  file_url: string;
  file_size: number;
  /** MIME type. */
  file_type: string;
  file_name: string;
  created_at: string;
}
