import type { ById } from '../rpc/caller';
import type { StoredFile } from '../messages/message.types';
import type {
  ChecklistItem,
  ChecklistItemInput,
  ChecklistProgress,
  KanbanAttachment,
  KanbanNote,
  KanbanNoteInput,
} from './card-work.types';

export const ChecklistPatterns = {
  create: 'kanban.checklists.create',
  list: 'kanban.checklists.list',
  update: 'kanban.checklists.update',
  toggle: 'kanban.checklists.toggle',
  delete: 'kanban.checklists.delete',
  assignAgent: 'kanban.checklists.assign_agent',
  removeAgent: 'kanban.checklists.remove_agent',
  duplicate: 'kanban.checklists.duplicate',
  search: 'kanban.checklists.search',
  progressByAgent: 'kanban.checklists.progress_by_agent',
} as const;

export const NotePatterns = {
  create: 'kanban.notes.create',
  list: 'kanban.notes.list',
  update: 'kanban.notes.update',
  delete: 'kanban.notes.delete',
} as const;

export const AttachmentPatterns = {
  list: 'kanban.attachments.list',
  create: 'kanban.attachments.create',
  delete: 'kanban.attachments.delete',
} as const;

/** `id` is the card's; `checklist_item_id` one of its checklist items (another card's → 404). */
type OfChecklistItem = ById & { checklist_item_id: number };

export interface CardWorkRpc {
  [ChecklistPatterns.create]: { request: ById & { data: ChecklistItemInput }; response: ChecklistItem };
  [ChecklistPatterns.list]: { request: ById; response: ChecklistItem[] };
  [ChecklistPatterns.update]: { request: OfChecklistItem & { data: ChecklistItemInput }; response: ChecklistItem };
  [ChecklistPatterns.toggle]: { request: OfChecklistItem; response: ChecklistItem };
  [ChecklistPatterns.delete]: { request: OfChecklistItem; response: null };
  [ChecklistPatterns.assignAgent]: { request: OfChecklistItem & { agent_id: number }; response: ChecklistItem };
  [ChecklistPatterns.removeAgent]: { request: OfChecklistItem; response: ChecklistItem };
  /** Copies the card's checklist to `target_item_id`: appended (`merge`) or replacing the target's. */
  [ChecklistPatterns.duplicate]: {
    request: ById & { target_item_id: number; merge: boolean };
    response: ChecklistItem[];
  };
  /** `all`: across the account's cards rather than this card's. */
  [ChecklistPatterns.search]: { request: ById & { query: string; all: boolean }; response: ChecklistItem[] };
  [ChecklistPatterns.progressByAgent]: { request: ById; response: ChecklistProgress[] };
  [NotePatterns.create]: { request: ById & { data: KanbanNoteInput }; response: KanbanNote };
  [NotePatterns.list]: { request: ById; response: KanbanNote[] };
  [NotePatterns.update]: { request: ById & { note_id: number; data: KanbanNoteInput }; response: KanbanNote };
  [NotePatterns.delete]: { request: ById & { note_id: number }; response: null };
  [AttachmentPatterns.list]: { request: ById; response: KanbanAttachment[] };
  /** Records a file the gateway stored (type checked by content and name, size bounded while streaming); a note's when `note_id` is given. */
  [AttachmentPatterns.create]: { request: ById & { file: StoredFile; note_id?: number }; response: KanbanAttachment };
  /** `of_note`: only an attachment of a note (the note_attachments route). */
  [AttachmentPatterns.delete]: { request: ById & { attachment_id: number; of_note: boolean }; response: null };
}
