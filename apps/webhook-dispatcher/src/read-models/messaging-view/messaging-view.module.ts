import { Module } from '@nestjs/common';
import { CallbackTargets } from './callback-targets.loader';
import { MessagingViewConsumer } from './messaging-view.consumer';

/** What the dispatcher knows of messaging: account and inbox names (kept from events) and API inboxes' callbacks (asked for, kept briefly). */
@Module({
  providers: [MessagingViewConsumer, CallbackTargets],
  exports: [CallbackTargets],
})
export class MessagingViewModule {}
