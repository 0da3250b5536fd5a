import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { ContactLookupPatterns, type ContactSnapshot, type RpcRequest } from '@parley/contracts';
import { Repository } from 'typeorm';
import { toContactSnapshot } from '../contacts/contact-snapshot.mapper';
import { ContactEntity } from '../contacts/persistence/contact.orm-entity';

/** Answers other services that need a contact now (before its event reached them). */
@Controller()
export class ContactLookupHandlers {
  constructor(@InjectRepository(ContactEntity) private readonly contacts: Repository<ContactEntity>) {}

  @MessagePattern(ContactLookupPatterns.find)
  async find(@Payload() request: RpcRequest<typeof ContactLookupPatterns.find>): Promise<ContactSnapshot | null> {
    const contact = await this.contacts.findOneBy({ id: request.id, accountId: request.account_id });
    return contact ? toContactSnapshot(contact) : null;
  }
}
