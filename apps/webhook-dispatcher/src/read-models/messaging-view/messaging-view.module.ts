import { Module } from '@nestjs/common';
import { CallbackTargetsLoader } from './callback-targets.loader';
import { MessagingNamesLoader } from './messaging-names.loader';
import { MessagingViewConsumer } from './messaging-view.consumer';
import { MessagingViewWriter } from './messaging-view.writer';

/** What the dispatcher knows of messaging: account and inbox names (kept from events, asked for when missing) and API inboxes' callbacks (asked for, kept briefly). */
@Module({
  providers: [MessagingViewConsumer, MessagingViewWriter, CallbackTargetsLoader, MessagingNamesLoader],
  exports: [CallbackTargetsLoader, MessagingNamesLoader, MessagingViewWriter],
})
export class MessagingViewModule {}
