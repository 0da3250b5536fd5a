import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountFiles, KanbanWorkErrors, type KanbanAttachment, type StoredFile } from '@parley/contracts';
import {
  DomainError,
  FILE_STORAGE,
  signedFileUrl,
  STORAGE_CONFIG,
  type FileStorage,
  type StorageConfig,
} from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { CardsLoader } from '../cards/cards.loader';
import { KANBAN_SERVICE_CONFIG, type KanbanServiceConfig } from '../kanban.config';
import { NotesService } from '../notes/notes.service';
import { NotesWriter } from '../notes/notes.writer';
import { FileRemovalWorker } from './file-removal.worker';
import { ATTACHMENT_COLUMNS, type AttachmentRow } from './persistence/attachment.row';

/**
 * Files of cards and notes: the gateway streams them to the shared storage (type checked by
 * content and name, 25 MB at most) and this records them; links are signed and expire.
 */
@Injectable()
export class AttachmentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cards: CardsLoader,
    private readonly notes: NotesService,
    private readonly notesWriter: NotesWriter,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(STORAGE_CONFIG) private readonly storageConfig: StorageConfig,
    @Inject(KANBAN_SERVICE_CONFIG) private readonly config: KanbanServiceConfig,
    private readonly removals: FileRemovalWorker,
  ) {}

  /**
   * A deleted account's files, all at once (its attachment rows went with their funnels and queued
   * the same files for the removal worker, which then finds them gone).
   */
  async removeFilesOfAccount(accountId: number): Promise<void> {
    await this.storage.removeAll(AccountFiles.kanban(accountId));
  }

  async list(accountId: number, cardId: number): Promise<KanbanAttachment[]> {
    await this.cards.assertCard(accountId, cardId);
    const rows: AttachmentRow[] = await this.dataSource.query(
      `SELECT ${ATTACHMENT_COLUMNS} FROM kanban.attachments WHERE card_id = $1 ORDER BY id`,
      [cardId],
    );
    return rows.map((row) => this.toAttachment(row));
  }

  async create(
    accountId: number,
    cardId: number,
    file: StoredFile,
    noteId: number | undefined,
  ): Promise<KanbanAttachment> {
    try {
      if (noteId !== undefined) await this.notes.find(accountId, cardId, noteId);
      else await this.cards.assertCard(accountId, cardId);
      const [row]: AttachmentRow[] = await this.dataSource.query(
        `INSERT INTO kanban.attachments (card_id, account_id, note_id, storage_key, file_name, content_type, file_size) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ATTACHMENT_COLUMNS}`,
        [cardId, accountId, noteId ?? null, file.storage_key, file.file_name, file.content_type, file.file_size],
      );
      if (noteId !== undefined) await this.notesWriter.attach(this.dataSource.manager, noteId, row.id);
      return this.toAttachment(row);
    } catch (error) {
      // Refused: the stored file is not kept.
      await this.storage.remove(file.storage_key);
      throw error;
    }
  }

  async delete(accountId: number, cardId: number, attachmentId: number, ofNote: boolean): Promise<null> {
    await this.cards.assertCard(accountId, cardId);
    const [row]: AttachmentRow[] = await this.dataSource.query(
      `SELECT ${ATTACHMENT_COLUMNS} FROM kanban.attachments WHERE id = $1 AND card_id = $2 AND (NOT $3 OR note_id IS NOT NULL)`,
      [attachmentId, cardId, ofNote],
    );
    if (!row) throw new DomainError(KanbanWorkErrors.attachmentNotFound, 'Attachment not found');
    await this.dataSource.transaction(async (tx) => {
      await tx.query('DELETE FROM kanban.attachments WHERE id = $1', [row.id]);
      await this.notesWriter.detach(tx, cardId, row.id);
    });
    this.removals.kick();
    return null;
  }

  private toAttachment(row: AttachmentRow): KanbanAttachment {
    return {
      id: row.id,
      item_id: row.card_id,
      note_id: row.note_id,
      file_url: signedFileUrl(
        this.config.publicUrl,
        { key: row.storage_key, contentType: row.content_type },
        this.storageConfig.urlSecret,
        this.storageConfig.urlTtlSeconds,
      ),
      file_size: row.file_size,
      file_type: row.content_type,
      file_name: row.file_name,
      created_at: row.created_at.toISOString(),
    };
  }
}
