import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { Directory } from './directory';
import { DirectoryConsumer } from './directory.consumer';

/** The dispatcher's read model of account and inbox names. */
@Module({
  imports: [DeliveriesModule],
  providers: [Directory, DirectoryConsumer],
})
export class DirectoryModule {}
