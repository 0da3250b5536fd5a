import { Module } from '@nestjs/common';
import { Directory } from './directory';
import { DirectoryConsumer } from './directory.consumer';

/** The dispatcher's read model of account and inbox names. */
@Module({
  providers: [Directory, DirectoryConsumer],
  exports: [Directory],
})
export class DirectoryModule {}
