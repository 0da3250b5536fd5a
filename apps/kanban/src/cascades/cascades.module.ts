import { Module } from '@nestjs/common';
import { CardsModule } from '../cards/cards.module';
import { MessagingDeletionsConsumer } from './messaging-deletions.consumer';

/** Reactions to other contexts' deletions; nothing imports this module. */
@Module({
  imports: [CardsModule],
  providers: [MessagingDeletionsConsumer],
})
export class CascadesModule {}
