import { Module } from '@nestjs/common';
import { ContactRealtimeConsumer } from './contact-realtime.consumer';

/** `/cable`'s side in contacts: contact events to the account's agents. */
@Module({ providers: [ContactRealtimeConsumer] })
export class RealtimeModule {}
