import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { RealtimeFanoutConsumer } from './realtime-fanout.consumer';
import { RealtimeHandlers } from './realtime.handlers';

/** `/cable`'s side in messaging: who may subscribe as an agent, and who receives each event. */
@Module({
  imports: [IdentityModule],
  controllers: [RealtimeHandlers],
  providers: [RealtimeFanoutConsumer],
})
export class RealtimeModule {}
