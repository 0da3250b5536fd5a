import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { FanOut } from './fan-out.service';
import { PublicEventsConsumer } from './public-events.consumer';

@Module({
  imports: [DeliveriesModule],
  providers: [FanOut, PublicEventsConsumer],
})
export class FanOutModule {}
