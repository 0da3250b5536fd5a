import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ContactLookupPatterns,
  KanbanWorkErrors,
  type AccountScoped,
  type KanbanNote,
  type KanbanNoteInput,
} from '@parley/contracts';
import { DomainError, OWNER_LOOKUP_TIMEOUT_MS, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { CardsLoader } from '../cards/cards.loader';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { toNote } from './note.mapper';
import { NOTE_COLUMNS, type NoteRow } from './persistence/note.row';

const MAX_TEXT = 50_000;
const missing = (message: string, field: string) => new DomainError(KanbanWorkErrors.noteLinkMissing, message, [field]);

/**
 * Internal notes on a card: text with basic markdown, stored as given; attachment ids of the
 * card's files; links to a card, conversation or contact of the account (each checked, 422).
 */
@Injectable()
export class NotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cards: CardsLoader,
    private readonly messaging: MessagingViewLoader,
    private readonly rpc: RpcClient,
  ) {}

  async create(scope: AccountScoped, cardId: number, input: KanbanNoteInput): Promise<KanbanNote> {
    await this.cards.assertCard(scope.account_id, cardId);
    const text = checkedText(input.text);
    await this.checkLinks(scope, cardId, input);
    const [row]: NoteRow[] = await this.dataSource.query(
      `INSERT INTO kanban.notes (card_id, account_id, text, attachment_ids, linked_item_id, linked_conversation_id, linked_contact_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${NOTE_COLUMNS}`,
      [
        cardId,
        scope.account_id,
        text,
        [...new Set(input.attachments ?? [])],
        input.linked_item_id ?? null,
        input.linked_conversation_id ?? null,
        input.linked_contact_id ?? null,
        scope.caller.user_id,
      ],
    );
    return toNote(row);
  }

  async list(accountId: number, cardId: number): Promise<KanbanNote[]> {
    await this.cards.assertCard(accountId, cardId);
    const rows: NoteRow[] = await this.dataSource.query(
      `SELECT ${NOTE_COLUMNS} FROM kanban.notes WHERE card_id = $1 ORDER BY id`,
      [cardId],
    );
    return rows.map(toNote);
  }

  async update(scope: AccountScoped, cardId: number, noteId: number, input: KanbanNoteInput): Promise<KanbanNote> {
    const current = await this.find(scope.account_id, cardId, noteId);
    await this.checkLinks(scope, cardId, input);
    const [rows] = (await this.dataSource.query(
      `UPDATE kanban.notes SET text = $2, attachment_ids = $3, linked_item_id = $4, linked_conversation_id = $5, linked_contact_id = $6, updated_at = now()
        WHERE id = $1 RETURNING ${NOTE_COLUMNS}`,
      [
        noteId,
        input.text === undefined ? current.text : checkedText(input.text),
        input.attachments === undefined ? current.attachment_ids : [...new Set(input.attachments)],
        input.linked_item_id === undefined ? current.linked_item_id : input.linked_item_id,
        input.linked_conversation_id === undefined ? current.linked_conversation_id : input.linked_conversation_id,
        input.linked_contact_id === undefined ? current.linked_contact_id : input.linked_contact_id,
      ],
    )) as [NoteRow[], number];
    return toNote(rows[0]);
  }

  async delete(accountId: number, cardId: number, noteId: number): Promise<null> {
    await this.find(accountId, cardId, noteId);
    await this.dataSource.query('DELETE FROM kanban.notes WHERE id = $1', [noteId]);
    return null;
  }

  async find(accountId: number, cardId: number, noteId: number): Promise<NoteRow> {
    await this.cards.assertCard(accountId, cardId);
    const [row]: NoteRow[] = await this.dataSource.query(
      `SELECT ${NOTE_COLUMNS} FROM kanban.notes WHERE id = $1 AND card_id = $2`,
      [noteId, cardId],
    );
    if (!row) throw new DomainError(KanbanWorkErrors.noteNotFound, 'Note not found');
    return row;
  }

  private async checkLinks(scope: AccountScoped, cardId: number, input: KanbanNoteInput): Promise<void> {
    if (input.attachments?.length) {
      const ids = [...new Set(input.attachments)];
      const rows: Array<{ id: number }> = await this.dataSource.query(
        'SELECT id FROM kanban.attachments WHERE card_id = $1 AND id = ANY($2)',
        [cardId, ids],
      );
      const found = new Set(rows.map((row) => row.id));
      const unknown = ids.filter((id) => !found.has(id));
      if (unknown.length) throw missing(`Not attachments of this card: ${unknown.join(', ')}`, 'attachments');
    }
    if (input.linked_item_id && !(await this.cards.exists(scope.account_id, input.linked_item_id)))
      throw missing(`Kanban item ${input.linked_item_id} not found`, 'linked_item_id');
    if (
      input.linked_conversation_id &&
      !(await this.messaging.conversationExists(scope, input.linked_conversation_id))
    ) {
      throw missing(
        `Conversation ${input.linked_conversation_id} does not exist in this account`,
        'linked_conversation_id',
      );
    }
    if (input.linked_contact_id) {
      // The contacts service is asked each time: a contact created a moment ago must be linkable.
      const contact = await this.rpc.send(
        ContactLookupPatterns.find,
        { account_id: scope.account_id, id: input.linked_contact_id },
        { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
      );
      if (!contact)
        throw missing(`Contact ${input.linked_contact_id} does not exist in this account`, 'linked_contact_id');
    }
  }
}

function checkedText(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '')
    throw new DomainError(KanbanWorkErrors.noteInvalid, "Text can't be blank", ['text']);
  if (text.length > MAX_TEXT)
    throw new DomainError(KanbanWorkErrors.noteInvalid, `Text is too long (maximum is ${MAX_TEXT} characters)`, [
      'text',
    ]);
  return text;
}
