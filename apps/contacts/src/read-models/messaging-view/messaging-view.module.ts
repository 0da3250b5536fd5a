import { Module } from '@nestjs/common';
import { MessagingViewConsumer } from './messaging-view.consumer';
import { MessagingViewLoader } from './messaging-view.loader';

/** What contacts keeps of messaging's inboxes and contact attribute definitions. */
@Module({
  providers: [MessagingViewConsumer, MessagingViewLoader],
  exports: [MessagingViewLoader],
})
export class MessagingViewModule {}
