import { Injectable } from '@nestjs/common';
import {
  CHANNEL_TYPES,
  ContactErrors,
  ContactInboxErrors,
  type ChannelSender,
  type ContactInboxLink,
  type LinkedInbox,
} from '@parley/contracts';
import { DomainError, isUniqueViolation } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { ContactInboxLinksWriter } from '../contacts/contact-inbox-links.writer';
import { ContactsLoader } from '../contacts/contacts.loader';
import { ContactsService } from '../contacts/contacts.service';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';

/** Where a contact can be reached: its inbox links, and the inboxes it could be written to from. */
@Injectable()
export class ContactInboxesService {
  constructor(
    private readonly links: ContactInboxLinksWriter,
    private readonly loader: ContactsLoader,
    private readonly messagingView: MessagingViewLoader,
    private readonly contacts: ContactsService,
  ) {}

  async list(accountId: number, contactId: number): Promise<ContactInboxLink[]> {
    await this.loader.find(accountId, contactId);
    return (await this.loader.linksOf([contactId])).get(contactId) ?? [];
  }

  async create(
    accountId: number,
    contactId: number,
    inboxId: number,
    sourceId?: string | null,
  ): Promise<ContactInboxLink> {
    const contact = await this.loader.find(accountId, contactId);
    return this.links.linkInbox(contact, await this.inbox(accountId, inboxId), sourceId?.trim() || randomUUID());
  }

  /** The link a conversation started without a source id runs on: the contact's own, or a new one. */
  async ensure(accountId: number, contactId: number, inboxId: number): Promise<ContactInboxLink> {
    return this.links.ensureInboxLink(accountId, contactId, await this.inbox(accountId, inboxId));
  }

  /**
   * The contact a customer writing in through a channel is: linked under the source id, else found
   * by address and linked, else created. Two deliveries from one new sender racing each other
   * meet at the unique link or address: the loser looks again and finds the winner's contact.
   */
  async identify(sender: ChannelSender): Promise<{ contact_id: number; source_id: string; blocked: boolean }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.identifyOnce(sender);
      } catch (error) {
        if (attempt >= 2 || !(isUniqueViolation(error) || isTakenError(error))) throw error;
      }
    }
  }

  private async identifyOnce(
    sender: ChannelSender,
  ): Promise<{ contact_id: number; source_id: string; blocked: boolean }> {
    const linked = await this.loader.byInboxSource(sender.account_id, sender.inbox_id, sender.source_id);
    if (linked) return { contact_id: linked.id, source_id: sender.source_id, blocked: linked.blocked };
    const known = await this.loader.byAddress(sender.account_id, sender.email ?? null, sender.phone_number ?? null);
    if (known) {
      await this.links.linkInbox(known, await this.inbox(sender.account_id, sender.inbox_id), sender.source_id);
      return { contact_id: known.id, source_id: sender.source_id, blocked: known.blocked };
    }
    const { contact } = await this.contacts.create(sender.account_id, {
      name: sender.name ?? sender.email ?? sender.phone_number ?? null,
      email: sender.email ?? null,
      phone_number: sender.phone_number ?? null,
      inbox_id: sender.inbox_id,
      source_id: sender.source_id,
    });
    return { contact_id: contact.id, source_id: sender.source_id, blocked: false };
  }

  /** `ensure` for several contacts at one inbox; contacts the account does not have are left out. */
  async ensureMany(
    accountId: number,
    contactIds: number[],
    inboxId: number,
  ): Promise<Array<{ contact_id: number; source_id: string }>> {
    return this.links.ensureInboxLinks(accountId, contactIds, await this.inbox(accountId, inboxId));
  }

  /**
   * Inboxes a conversation could be started from: API inboxes always; e-mail inboxes with an
   * e-mail address; SMS and messaging-app inboxes with a phone number; others where the
   * contact already has a link (its id at that channel).
   */
  async contactable(
    accountId: number,
    contactId: number,
  ): Promise<Array<{ source_id: string | null; inbox: ContactInboxLink['inbox'] }>> {
    const contact = await this.loader.find(accountId, contactId);
    const linked = new Map(
      ((await this.loader.linksOf([contactId])).get(contactId) ?? []).map((link) => [link.inbox.id, link.source_id]),
    );
    const result: Array<{ source_id: string | null; inbox: ContactInboxLink['inbox'] }> = [];
    for (const inbox of await this.messagingView.inboxes(accountId)) {
      const existing = linked.get(inbox.id) ?? null;
      let source: string | null | undefined;
      if (inbox.channel_type === CHANNEL_TYPES.api) source = existing;
      else if (inbox.channel_type === CHANNEL_TYPES.email && contact.email) source = existing ?? contact.email;
      else if (
        (inbox.channel_type === CHANNEL_TYPES.sms || inbox.channel_type === CHANNEL_TYPES.mobile_chat) &&
        contact.phone_number
      ) {
        source = existing ?? contact.phone_number;
      } else if (existing) source = existing;
      else continue;
      result.push({ source_id: source ?? null, inbox });
    }
    return result;
  }

  private async inbox(accountId: number, inboxId: number): Promise<LinkedInbox> {
    const inbox = await this.messagingView.inbox(accountId, inboxId);
    if (!inbox) throw new DomainError(ContactInboxErrors.inboxMissing, 'Inbox does not exist', ['inbox_id']);
    return inbox;
  }
}

/** Someone else took the link or the address a moment ago. */
function isTakenError(error: unknown): boolean {
  return (
    error instanceof DomainError &&
    ([ContactInboxErrors.sourceIdTaken, ContactErrors.emailTaken, ContactErrors.phoneNumberTaken] as string[]).includes(
      error.code,
    )
  );
}
