import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { ContactsViewModule } from '../read-models/contacts-view/contacts-view.module';
import { SnoozeWakeWorker } from './snooze-wake.worker';
import { StatusHandlers } from './status.handlers';
import { StatusService } from './status.service';

/** Status toggles, snoozes and their wake-up worker, and the reopening by an incoming message (used by messages/). */
@Module({
  imports: [ConversationsModule, ContactsViewModule],
  controllers: [StatusHandlers],
  providers: [StatusService, SnoozeWakeWorker],
  exports: [StatusService],
})
export class StatusModule {}
