import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactsModule } from '../contacts/contacts.module';
import { NotesHandlers } from './notes.handlers';
import { NotesService } from './notes.service';
import { NoteEntity } from './persistence/note.orm-entity';

@Module({
  imports: [TypeOrmModule.forFeature([NoteEntity]), ContactsModule],
  controllers: [NotesHandlers],
  providers: [NotesService],
  exports: [NotesService],
})
export class NotesModule {}
