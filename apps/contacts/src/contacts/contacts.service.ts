import { Injectable } from '@nestjs/common';
import {
  ContactErrors,
  ContactEvents,
  type Contact,
  type ContactFields,
  type ContactInboxLink,
  type CreateContactInput,
} from '@parley/contracts';
import { DomainError, Outbox } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { ContactChangesWriter } from './contact-changes.writer';
import { toContactSnapshot } from './contact-snapshot.mapper';
import { toContact } from './contact.mapper';
import {
  assertValidContact,
  assertValidCustomAttributes,
  normaliseContactFields,
  translateConflict,
} from './contact.rules';
import { ContactsLoader } from './contacts.loader';
import { CONTACT_COLUMNS, type ContactRow } from './persistence/contact.row';

/** A contact's life: created with its first inbox link, updated, blocked, deleted. */
@Injectable()
export class ContactsService {
  constructor(
    private readonly loader: ContactsLoader,
    private readonly messagingView: MessagingViewLoader,
    private readonly changes: ContactChangesWriter,
    private readonly outbox: Outbox,
  ) {}

  async show(accountId: number, id: number): Promise<Contact> {
    return this.withLinks(await this.loader.find(accountId, id));
  }

  async create(
    accountId: number,
    input: CreateContactInput,
  ): Promise<{ contact: Contact; contact_inbox: ContactInboxLink }> {
    const values = normaliseContactFields(input);
    assertValidContact(values);
    const inbox = await this.messagingView.inbox(accountId, input.inbox_id);
    if (!inbox) throw new DomainError(ContactErrors.inboxMissing, 'Inbox does not exist', ['inbox_id']);
    const customAttributes = input.custom_attributes ?? {};
    assertValidCustomAttributes(
      await this.messagingView.contactDefinitionsFor(accountId, [customAttributes]),
      customAttributes,
    );
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const [contact]: ContactRow[] = await tx.query(
          `INSERT INTO contacts.contacts (account_id, name, email, phone_number, identifier, avatar_url, blocked, additional_attributes, custom_attributes)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${CONTACT_COLUMNS}`,
          [
            accountId,
            values.name ?? null,
            values.email ?? null,
            values.phoneNumber ?? null,
            values.identifier ?? null,
            values.avatarUrl ?? null,
            input.blocked ?? false,
            JSON.stringify(input.additional_attributes ?? {}),
            JSON.stringify(customAttributes),
          ],
        );
        const sourceId = input.source_id?.trim() || randomUUID();
        await this.changes.insertLink(tx, contact, inbox.id, sourceId);
        await emit(ContactEvents.created, accountId, { contact: toContactSnapshot(contact) });
        const link = { source_id: sourceId, inbox };
        return { contact: toContact(contact, [link]), contact_inbox: link };
      });
    } catch (error) {
      throw translateConflict(error);
    }
  }

  /** Scalars replace; `additional_attributes` and `custom_attributes` merge into what is stored (null removes a key). */
  async update(accountId: number, id: number, input: ContactFields): Promise<Contact> {
    const values = normaliseContactFields(input);
    assertValidContact(values);
    // Known before the transaction: asking messaging (when its view may lag) must not hold the contact's lock.
    const definitions = input.custom_attributes
      ? await this.messagingView.contactDefinitionsFor(accountId, [input.custom_attributes])
      : [];
    try {
      const contact = await this.outbox.transaction(async (tx, emit) => {
        const row = await this.loader.find(accountId, id, tx);
        const before = toContact(row);
        if (values.name !== undefined) row.name = values.name;
        if (values.email !== undefined) row.email = values.email;
        if (values.phoneNumber !== undefined) row.phone_number = values.phoneNumber;
        if (values.identifier !== undefined) row.identifier = values.identifier;
        if (values.avatarUrl !== undefined) row.avatar_url = values.avatarUrl;
        if (input.blocked !== undefined) row.blocked = input.blocked;
        if (input.additional_attributes)
          row.additional_attributes = merge(row.additional_attributes, input.additional_attributes);
        if (input.custom_attributes) {
          row.custom_attributes = merge(row.custom_attributes, input.custom_attributes);
          assertValidCustomAttributes(definitions, row.custom_attributes);
        }
        const saved = await this.changes.saveChanges(tx, emit, row, before);
        if (before.blocked !== saved.blocked) {
          await emit(saved.blocked ? ContactEvents.blocked : ContactEvents.unblocked, accountId, {
            contact: toContactSnapshot(saved),
          });
        }
        return saved;
      });
      return this.withLinks(contact);
    } catch (error) {
      throw translateConflict(error);
    }
  }

  /** The contact, its inbox links and notes go; messaging removes its conversations on the event. */
  async delete(accountId: number, id: number): Promise<null> {
    await this.outbox.transaction(async (tx, emit) => {
      const row = await this.loader.find(accountId, id, tx);
      await this.changes.remove(tx, row.id);
      await emit(ContactEvents.deleted, accountId, { contact: toContactSnapshot(row) });
    });
    return null;
  }

  async setBlocked(accountId: number, id: number, blocked: boolean): Promise<Contact> {
    const contact = await this.outbox.transaction(async (tx, emit) => {
      const row = await this.loader.find(accountId, id, tx);
      if (row.blocked === blocked) return row;
      const before = toContact(row);
      row.blocked = blocked;
      const saved = await this.changes.saveChanges(tx, emit, row, before);
      await emit(blocked ? ContactEvents.blocked : ContactEvents.unblocked, accountId, {
        contact: toContactSnapshot(saved),
      });
      return saved;
    });
    return this.withLinks(contact);
  }

  /** The contact as clients see it, with its inbox links. */
  async withLinks(row: ContactRow): Promise<Contact> {
    return toContact(row, (await this.loader.linksOf([row.id])).get(row.id));
  }
}

/** `null` removes a key; other values replace it. */
function merge(stored: Record<string, unknown>, given: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
