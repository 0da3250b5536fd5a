import { Module } from '@nestjs/common';
import { MessagingViewConsumer } from './messaging-view.consumer';
import { MessagingViewLoader } from './messaging-view.loader';
import { MessagingViewWriter } from './messaging-view.writer';

/** What reporting knows of messaging's inboxes, teams, labels and agents, kept from events. */
@Module({
  providers: [MessagingViewConsumer, MessagingViewWriter, MessagingViewLoader],
  exports: [MessagingViewLoader, MessagingViewWriter],
})
export class MessagingViewModule {}
