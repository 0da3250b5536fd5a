import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardsModule } from '../cards/cards.module';
import { NotesModule } from '../notes/notes.module';
import { AttachmentsHandlers } from './attachments.handlers';
import { AttachmentsService } from './attachments.service';
import { FileRemovalWorker } from './file-removal.worker';

/** Files of cards and notes (the `attachments` table; the files in the shared storage). */
@Module({
  imports: [BoardSettingsModule, CardsModule, NotesModule],
  controllers: [AttachmentsHandlers],
  providers: [AttachmentsService, FileRemovalWorker],
  exports: [AttachmentsService],
})
export class AttachmentsModule {}
