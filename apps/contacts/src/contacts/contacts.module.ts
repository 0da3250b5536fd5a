import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FileStorageModule } from '@parley/service-kit';
import { ContactCascades } from '../cascades/contact-cascades.consumer';
import { ContactInboxesService } from '../contact-inboxes/contact-inboxes.service';
import { ContactImportEntity } from '../imports/contact-import.orm-entity';
import { ImportWorker } from '../imports/import-worker';
import { ImportsService } from '../imports/imports.service';
import { ContactLookupHandlers } from '../lookup/contact-lookup.handlers';
import { MergeService } from '../merge/merge.service';
import { NoteEntity } from '../notes/note.orm-entity';
import { NotesService } from '../notes/notes.service';
import { WorkspaceView } from '../workspace-view/workspace-view';
import { WorkspaceViewConsumer } from '../workspace-view/workspace-view.consumer';
import { ContactLinks } from './contact-links';
import { ContactQuery } from './contact-query';
import { ContactsHandlers } from './contacts.handlers';
import { ContactsService } from './contacts.service';
import { ContactInboxEntity } from './persistence/contact-inbox.orm-entity';
import { ContactEntity } from './persistence/contact.orm-entity';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ContactEntity, ContactInboxEntity, NoteEntity, ContactImportEntity]), FileStorageModule.register('contacts', { signsLinks: false })],
  controllers: [ContactsHandlers, ContactLookupHandlers],
  providers: [
    ContactsService,
    ContactQuery,
    ContactLinks,
    ContactInboxesService,
    NotesService,
    MergeService,
    ImportsService,
    ImportWorker,
    WorkspaceView,
    WorkspaceViewConsumer,
    ContactCascades,
  ],
})
export class ContactsModule {}
