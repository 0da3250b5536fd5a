import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { NotesModule } from '../notes/notes.module';
import { MergeHandlers } from './merge.handlers';
import { MergeService } from './merge.service';

@Module({
  imports: [ContactsModule, NotesModule],
  controllers: [MergeHandlers],
  providers: [MergeService],
})
export class MergeModule {}
