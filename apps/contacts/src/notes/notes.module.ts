import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { NotesHandlers } from './notes.handlers';
import { NotesService } from './notes.service';

@Module({
  imports: [ContactsModule],
  controllers: [NotesHandlers],
  providers: [NotesService],
  exports: [NotesService],
})
export class NotesModule {}
