import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { CascadesModule } from './cascades/cascades.module';
import { ContactInboxesModule } from './contact-inboxes/contact-inboxes.module';
import { ContactLabelsModule } from './contact-labels/contact-labels.module';
import { ContactSearchModule } from './contact-search/contact-search.module';
import { ContactsConfigModule } from './contacts-config.module';
import { ContactsModule } from './contacts/contacts.module';
import { ImportsModule } from './imports/imports.module';
import { MergeModule } from './merge/merge.module';
import { NotesModule } from './notes/notes.module';
import { MessagingViewModule } from './read-models/messaging-view/messaging-view.module';
import { RealtimeModule } from './realtime/realtime.module';
import { contactsSchema } from './schema';

@Module({
  imports: [
    ServiceKitModule.forRoot({ service: 'contacts', schema: contactsSchema }),
    ContactsConfigModule,
    MessagingViewModule,
    ContactsModule,
    ContactInboxesModule,
    ContactSearchModule,
    ContactLabelsModule,
    NotesModule,
    MergeModule,
    ImportsModule,
    CascadesModule,
    RealtimeModule,
  ],
})
export class AppModule {}
