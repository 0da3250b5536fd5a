import { Module } from '@nestjs/common';
import { FileStorageModule } from '@parley/service-kit';
import { ContactsModule } from '../contacts/contacts.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { ImportBatchWriter } from './import-batch.writer';
import { ImportWorker } from './import.worker';
import { ImportsHandlers } from './imports.handlers';
import { ImportsService } from './imports.service';

/** CSV imports of contacts: the files the gateway stored, run as leased jobs. */
@Module({
  imports: [FileStorageModule.register('contacts', { signsLinks: false }), ContactsModule, MessagingViewModule],
  controllers: [ImportsHandlers],
  providers: [ImportsService, ImportWorker, ImportBatchWriter],
  exports: [ImportsService],
})
export class ImportsModule {}
