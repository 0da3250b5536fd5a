import { Module } from '@nestjs/common';
import { MessagingViewConsumer } from './messaging-view.consumer';
import { MessagingViewLoader } from './messaging-view.loader';
import { MessagingViewWriter } from './messaging-view.writer';

/** What contacts keeps of messaging's inboxes and contact attribute definitions (asking messaging what it has not seen yet). */
@Module({
  providers: [MessagingViewConsumer, MessagingViewLoader, MessagingViewWriter],
  exports: [MessagingViewLoader, MessagingViewWriter],
})
export class MessagingViewModule {}
