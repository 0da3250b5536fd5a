import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactEntity } from '../contacts/persistence/contact.orm-entity';
import { ContactLookupHandlers } from './contact-lookup.handlers';

@Module({
  imports: [TypeOrmModule.forFeature([ContactEntity])],
  controllers: [ContactLookupHandlers],
})
export class LookupModule {}
