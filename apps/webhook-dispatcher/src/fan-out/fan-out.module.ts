import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { DirectoryModule } from '../directory/directory.module';
import { FanOut } from './fan-out.service';
import { PublicEventsConsumer } from './public-events.consumer';

@Module({
  imports: [DeliveriesModule, DirectoryModule],
  providers: [FanOut, PublicEventsConsumer],
})
export class FanOutModule {}
