import { Module } from '@nestjs/common';
import { MessagingViewConsumer } from './messaging-view.consumer';
import { MessagingViewLoader } from './messaging-view.loader';
import { MessagingViewWriter } from './messaging-view.writer';

/** Kanban's copies of messaging's conversations and agents. */
@Module({
  providers: [MessagingViewConsumer, MessagingViewLoader, MessagingViewWriter],
  exports: [MessagingViewLoader, MessagingViewWriter],
})
export class MessagingViewModule {}
