import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactsViewConsumer } from './contacts-view.consumer';
import { ContactsViewService } from './contacts-view.service';
import { ContactsViewWriter } from './contacts-view.writer';
import { ContactViewEntity } from './persistence/contact-view.orm-entity';

/** The contacts service's contacts as messaging needs them: names, addresses, blocked. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactViewEntity])],
  providers: [ContactsViewService, ContactsViewWriter, ContactsViewConsumer],
  exports: [ContactsViewService, ContactsViewWriter],
})
export class ContactsViewModule {}
