import { Module } from '@nestjs/common';
import { MessagingViewConsumer } from './messaging-view.consumer';
import { MessagingViewLoader } from './messaging-view.loader';
import { MessagingViewWriter } from './messaging-view.writer';

/** What campaigns know of messaging's inboxes: kept from events, asked for when missing. */
@Module({
  providers: [MessagingViewConsumer, MessagingViewWriter, MessagingViewLoader],
  exports: [MessagingViewLoader, MessagingViewWriter],
})
export class MessagingViewModule {}
