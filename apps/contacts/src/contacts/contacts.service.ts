import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ContactErrors,
  ContactEvents,
  ContactInboxErrors,
  type Contact,
  type ContactFields,
  type ContactInboxLink,
  type CreateContactInput,
  type LinkedInbox,
} from '@parley/contracts';
import { checkLabelSet } from '@parley/domain-rules';
import { changedAttributes, DomainError, isUniqueViolation, Outbox, type Emit } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { Repository, type EntityManager } from 'typeorm';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { toContactSnapshot } from './contact-snapshot.mapper';
import { toContact } from './contact.mapper';
import { assertValidContact, assertValidCustomAttributes, normaliseContactFields, translateConflict } from './contact.rules';
import { ContactsLoader } from './contacts.loader';
import { ContactInboxEntity } from './persistence/contact-inbox.orm-entity';
import { ContactEntity } from './persistence/contact.orm-entity';

const TRACKED: Array<keyof Contact> = ['name', 'email', 'phone_number', 'identifier', 'thumbnail', 'blocked', 'additional_attributes', 'custom_attributes'];

@Injectable()
export class ContactsService {
  constructor(
    @InjectRepository(ContactInboxEntity) private readonly inboxLinks: Repository<ContactInboxEntity>,
    private readonly loader: ContactsLoader,
    private readonly messagingView: MessagingViewLoader,
    private readonly outbox: Outbox,
  ) {}

  async show(accountId: number, id: number): Promise<Contact> {
    return this.withLinks(await this.loader.find(accountId, id));
  }

  async create(accountId: number, input: CreateContactInput): Promise<{ contact: Contact; contact_inbox: ContactInboxLink }> {
    const values = normaliseContactFields(input);
    assertValidContact(values);
    const inbox = await this.messagingView.inbox(accountId, input.inbox_id);
    if (!inbox) throw new DomainError(ContactErrors.inboxMissing, 'Inbox does not exist', ['inbox_id']);
    const customAttributes = input.custom_attributes ?? {};
    assertValidCustomAttributes(await this.messagingView.contactDefinitionsFor(accountId, [customAttributes]), customAttributes);
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const contact = await tx.save(
          tx.create(ContactEntity, {
            accountId,
            name: values.name ?? null,
            email: values.email ?? null,
            phoneNumber: values.phoneNumber ?? null,
            identifier: values.identifier ?? null,
            avatarUrl: values.avatarUrl ?? null,
            blocked: input.blocked ?? false,
            additionalAttributes: input.additional_attributes ?? {},
            customAttributes,
            labels: [],
            lastActivityAt: null,
          }),
        );
        const sourceId = input.source_id?.trim() || randomUUID();
        await tx.insert(ContactInboxEntity, { contactId: contact.id, accountId, inboxId: inbox.id, sourceId });
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
    const definitions = input.custom_attributes ? await this.messagingView.contactDefinitionsFor(accountId, [input.custom_attributes]) : [];
    try {
      const contact = await this.outbox.transaction(async (tx, emit) => {
        const entity = await this.loader.find(accountId, id, tx);
        const before = toContact(entity);
        if (values.name !== undefined) entity.name = values.name;
        if (values.email !== undefined) entity.email = values.email;
        if (values.phoneNumber !== undefined) entity.phoneNumber = values.phoneNumber;
        if (values.identifier !== undefined) entity.identifier = values.identifier;
        if (values.avatarUrl !== undefined) entity.avatarUrl = values.avatarUrl;
        if (input.blocked !== undefined) entity.blocked = input.blocked;
        if (input.additional_attributes) entity.additionalAttributes = merge(entity.additionalAttributes, input.additional_attributes);
        if (input.custom_attributes) {
          entity.customAttributes = merge(entity.customAttributes, input.custom_attributes);
          assertValidCustomAttributes(definitions, entity.customAttributes);
        }
        const saved = await this.saveChanges(tx, emit, entity, before);
        if (before.blocked !== saved.blocked) {
          await emit(saved.blocked ? ContactEvents.blocked : ContactEvents.unblocked, accountId, { contact: toContactSnapshot(saved) });
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
      const entity = await this.loader.find(accountId, id, tx);
      await tx.delete(ContactEntity, { id: entity.id });
      await emit(ContactEvents.deleted, accountId, { contact: toContactSnapshot(entity) });
    });
    return null;
  }

  async setBlocked(accountId: number, id: number, blocked: boolean): Promise<Contact> {
    const contact = await this.outbox.transaction(async (tx, emit) => {
      const entity = await this.loader.find(accountId, id, tx);
      if (entity.blocked === blocked) return entity;
      const before = toContact(entity);
      entity.blocked = blocked;
      const saved = await this.saveChanges(tx, emit, entity, before);
      await emit(blocked ? ContactEvents.blocked : ContactEvents.unblocked, accountId, { contact: toContactSnapshot(saved) });
      return saved;
    });
    return this.withLinks(contact);
  }

  async labels(accountId: number, id: number): Promise<string[]> {
    return (await this.loader.find(accountId, id)).labels;
  }

  async setLabels(accountId: number, id: number, labels: string[]): Promise<string[]> {
    const checked = checkLabelSet(labels);
    if ('problem' in checked) throw new DomainError(ContactErrors.invalidLabels, checked.problem, ['labels']);
    const titles = checked.value;
    return this.outbox.transaction(async (tx, emit) => {
      const entity = await this.loader.find(accountId, id, tx);
      if (entity.labels.join(',') === titles.join(',')) return titles;
      entity.labels = titles;
      const saved = await tx.save(entity);
      await emit(ContactEvents.labelsChanged, accountId, { contact: toContactSnapshot(saved), labels: titles });
      return titles;
    });
  }

  /** Links the contact to one more inbox, under its id at that channel. */
  async linkInbox(contact: ContactEntity, inbox: LinkedInbox, sourceId: string): Promise<ContactInboxLink> {
    try {
      await this.inboxLinks.insert({ contactId: contact.id, accountId: contact.accountId, inboxId: inbox.id, sourceId });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError(ContactInboxErrors.sourceIdTaken, 'Source id is already used in this inbox', ['source_id']);
      throw error;
    }
    return { source_id: sourceId, inbox };
  }

  /**
   * The contact's link to the inbox: its oldest one there, or a new one under a generated source
   * id. The contact's row lock makes concurrent calls for one contact find one link, not make two.
   */
  async ensureInboxLink(accountId: number, contactId: number, inbox: LinkedInbox): Promise<ContactInboxLink> {
    return this.inboxLinks.manager.transaction(async (tx) => {
      await this.loader.find(accountId, contactId, tx);
      const existing = await tx.findOne(ContactInboxEntity, { where: { contactId, inboxId: inbox.id }, order: { id: 'ASC' } });
      if (existing) return { source_id: existing.sourceId, inbox };
      const sourceId = randomUUID();
      await tx.insert(ContactInboxEntity, { contactId, accountId, inboxId: inbox.id, sourceId });
      return { source_id: sourceId, inbox };
    });
  }

  /**
   * `ensureInboxLink` for several contacts at once (one transaction, the contacts' rows locked in
   * id order): each one's oldest link there, or a new one; contacts the account does not have are
   * left out.
   */
  async ensureInboxLinks(accountId: number, contactIds: number[], inbox: LinkedInbox): Promise<Array<{ contact_id: number; source_id: string }>> {
    if (contactIds.length === 0) return [];
    return this.inboxLinks.manager.transaction(async (tx) => {
      const found: Array<{ id: number }> = await tx.query('SELECT id FROM contacts.contacts WHERE account_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE', [
        accountId,
        [...new Set(contactIds)],
      ]);
      const ids = found.map((row) => row.id);
      const existing: Array<{ contact_id: number; source_id: string }> = await tx.query(
        'SELECT DISTINCT ON (contact_id) contact_id, source_id FROM contacts.contact_inboxes WHERE contact_id = ANY($1::int[]) AND inbox_id = $2 ORDER BY contact_id, id',
        [ids, inbox.id],
      );
      const linked = new Map(existing.map((row) => [row.contact_id, row.source_id]));
      const missing = ids.filter((id) => !linked.has(id));
      if (missing.length > 0) {
        const sourceIds = missing.map(() => randomUUID());
        await tx.query(
          'INSERT INTO contacts.contact_inboxes (contact_id, account_id, inbox_id, source_id) SELECT c.id, $2, $3, c.source_id FROM unnest($1::int[], $4::text[]) AS c(id, source_id)',
          [missing, accountId, inbox.id, sourceIds],
        );
        missing.forEach((id, index) => linked.set(id, sourceIds[index]));
      }
      return ids.map((id) => ({ contact_id: id, source_id: linked.get(id)! }));
    });
  }

  /** Locks the account's contact until the end of `tx`; false when there is none. */
  async lock(tx: EntityManager, accountId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await tx.query('SELECT 1 FROM contacts.contacts WHERE id = $1 AND account_id = $2 FOR UPDATE', [id, accountId]);
    return rows.length > 0;
  }

  /**
   * Folds a locked mergee into a locked base: the base keeps its values and fills its blanks
   * from the mergee; inbox links, labels and attributes move over. The mergee is left without
   * its unique values, for the caller to move what else it has and then `remove` it.
   */
  async absorb(tx: EntityManager, emit: Emit, baseId: number, mergeeId: number): Promise<ContactEntity> {
    const entity = await tx.findOneByOrFail(ContactEntity, { id: baseId });
    const mergee = await tx.findOneByOrFail(ContactEntity, { id: mergeeId });
    const before = toContact(entity);
    // The mergee's unique values must be freed before the base can take them.
    await tx.query('UPDATE contacts.contacts SET email = NULL, phone_number = NULL, identifier = NULL WHERE id = $1', [mergee.id]);
    entity.name ??= mergee.name;
    entity.email ??= mergee.email;
    entity.phoneNumber ??= mergee.phoneNumber;
    entity.identifier ??= mergee.identifier;
    entity.avatarUrl ??= mergee.avatarUrl;
    entity.additionalAttributes = { ...mergee.additionalAttributes, ...entity.additionalAttributes };
    entity.customAttributes = { ...mergee.customAttributes, ...entity.customAttributes };
    entity.labels = [...new Set([...entity.labels, ...mergee.labels])].sort();
    if (mergee.lastActivityAt && (!entity.lastActivityAt || mergee.lastActivityAt > entity.lastActivityAt)) entity.lastActivityAt = mergee.lastActivityAt;
    await tx.query(
      `UPDATE contacts.contact_inboxes SET contact_id = $1 WHERE contact_id = $2
         AND inbox_id NOT IN (SELECT inbox_id FROM contacts.contact_inboxes WHERE contact_id = $1)`,
      [entity.id, mergee.id],
    );
    const saved = await this.saveChanges(tx, emit, entity, before);
    return tx.save(saved);
  }

  /** Deletes a contact inside the caller's transaction (its links and notes go with it). */
  async remove(tx: EntityManager, id: number): Promise<void> {
    await tx.delete(ContactEntity, { id });
  }

  /** The contact as clients see it, with its inbox links. */
  async withLinks(entity: ContactEntity): Promise<Contact> {
    return toContact(entity, (await this.loader.linksOf([entity.id])).get(entity.id));
  }

  /** Saves and, when something visible changed, publishes `contact.updated` with the changes. */
  async saveChanges(tx: EntityManager, emit: Emit, entity: ContactEntity, before: Contact): Promise<ContactEntity> {
    const changes = changedAttributes(before, toContact(entity), TRACKED);
    if (changes.length === 0) return entity;
    const saved = await tx.save(entity);
    await emit(ContactEvents.updated, saved.accountId, { contact: toContactSnapshot(saved), changed_attributes: changes });
    return saved;
  }
}

function merge(stored: Record<string, unknown>, given: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
