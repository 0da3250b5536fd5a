import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CHANNEL_TYPES, type ContactInboxLink } from '@parley/contracts';
import { isUniqueViolation, ValidationFailedError } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { ContactLinks } from '../contacts/contact-links';
import { ContactsService } from '../contacts/contacts.service';
import { ContactInboxEntity } from '../contacts/persistence/contact-inbox.orm-entity';
import { WorkspaceView } from '../workspace-view/workspace-view';

/** Where a contact can be reached: its inbox links, and the inboxes it could be written to from. */
@Injectable()
export class ContactInboxesService {
  constructor(
    private readonly contacts: ContactsService,
    private readonly links: ContactLinks,
    private readonly workspace: WorkspaceView,
    @InjectRepository(ContactInboxEntity) private readonly inboxLinks: Repository<ContactInboxEntity>,
  ) {}

  async list(accountId: number, contactId: number): Promise<ContactInboxLink[]> {
    await this.contacts.find(accountId, contactId);
    return (await this.links.of([contactId])).get(contactId) ?? [];
  }

  async create(accountId: number, contactId: number, inboxId: number, sourceId?: string | null): Promise<ContactInboxLink> {
    const contact = await this.contacts.find(accountId, contactId);
    const inbox = await this.workspace.inbox(accountId, inboxId);
    if (!inbox) throw new ValidationFailedError('Inbox does not exist', ['inbox_id']);
    const source = sourceId?.trim() || randomUUID();
    try {
      await this.inboxLinks.insert({ contactId: contact.id, accountId, inboxId, sourceId: source });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationFailedError('Source id is already used in this inbox', ['source_id']);
      throw error;
    }
    return { source_id: source, inbox };
  }

  /**
   * Inboxes a conversation could be started from: API inboxes always; e-mail inboxes with an
   * e-mail address; SMS and messaging-app inboxes with a phone number; others where the
   * contact already has a link (its id at that channel).
   */
  async contactable(accountId: number, contactId: number): Promise<Array<{ source_id: string | null; inbox: ContactInboxLink['inbox'] }>> {
    const contact = await this.contacts.find(accountId, contactId);
    const linked = new Map(((await this.links.of([contactId])).get(contactId) ?? []).map((link) => [link.inbox.id, link.source_id]));
    const result: Array<{ source_id: string | null; inbox: ContactInboxLink['inbox'] }> = [];
    for (const inbox of await this.workspace.inboxes(accountId)) {
      const existing = linked.get(inbox.id) ?? null;
      let source: string | null | undefined;
      if (inbox.channel_type === CHANNEL_TYPES.api) source = existing;
      else if (inbox.channel_type === CHANNEL_TYPES.email && contact.email) source = existing ?? contact.email;
      else if ((inbox.channel_type === CHANNEL_TYPES.sms || inbox.channel_type === CHANNEL_TYPES.mobile_chat) && contact.phoneNumber) {
        source = existing ?? contact.phoneNumber;
      } else if (existing) source = existing;
      else continue;
      result.push({ source_id: source ?? null, inbox });
    }
    return result;
  }
}
