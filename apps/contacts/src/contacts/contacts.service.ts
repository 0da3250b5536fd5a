import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ContactEvents, type Contact, type ContactFields, type ContactInboxLink, type CreateContactInput } from '@parley/contracts';
import { changedAttributes, isUniqueViolation, normaliseLabelSet, NotFoundError, Outbox, ValidationFailedError, type Emit } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { Repository, type EntityManager } from 'typeorm';
import { WorkspaceView } from '../workspace-view/workspace-view';
import { ContactLinks } from './contact-links';
import { toContactSnapshot } from './contact-snapshot.mapper';
import { toContact } from './contact.mapper';
import { assertValidContact, normaliseContactFields, uniquenessError } from './contact-rules';
import { ContactInboxEntity } from './persistence/contact-inbox.orm-entity';
import { ContactEntity } from './persistence/contact.orm-entity';

const TRACKED: Array<keyof Contact> = ['name', 'email', 'phone_number', 'identifier', 'thumbnail', 'blocked', 'additional_attributes', 'custom_attributes'];

/** Turns a unique-index violation into the 422 clients expect; anything else passes through. */
export function translateConflict(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  const constraint = (error as { driverError?: { constraint?: string } }).driverError?.constraint;
  return uniquenessError(constraint) ?? error;
}

@Injectable()
export class ContactsService {
  constructor(
    @InjectRepository(ContactEntity) private readonly contacts: Repository<ContactEntity>,
    private readonly links: ContactLinks,
    private readonly workspace: WorkspaceView,
    private readonly outbox: Outbox,
  ) {}

  async show(accountId: number, id: number): Promise<Contact> {
    const contact = await this.find(accountId, id);
    return toContact(contact, (await this.links.of([contact.id])).get(contact.id));
  }

  async create(accountId: number, input: CreateContactInput): Promise<{ contact: Contact; contact_inbox: ContactInboxLink }> {
    const values = normaliseContactFields(input);
    assertValidContact(values);
    const inbox = await this.workspace.inbox(accountId, input.inbox_id);
    if (!inbox) throw new ValidationFailedError('Inbox does not exist', ['inbox_id']);
    const customAttributes = input.custom_attributes ?? {};
    await this.workspace.assertValidAttributes(accountId, customAttributes);
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
    try {
      const contact = await this.outbox.transaction(async (tx, emit) => {
        const entity = await this.find(accountId, id, tx);
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
          await this.workspace.assertValidAttributes(accountId, entity.customAttributes, tx);
        }
        const saved = await this.saveChanges(tx, emit, entity, before);
        if (before.blocked !== saved.blocked) {
          await emit(saved.blocked ? ContactEvents.blocked : ContactEvents.unblocked, accountId, { contact: toContactSnapshot(saved) });
        }
        return saved;
      });
      return toContact(contact, (await this.links.of([contact.id])).get(contact.id));
    } catch (error) {
      throw translateConflict(error);
    }
  }

  /** The contact, its inbox links and notes go; messaging removes its conversations on the event. */
  async delete(accountId: number, id: number): Promise<null> {
    await this.outbox.transaction(async (tx, emit) => {
      const entity = await this.find(accountId, id, tx);
      await tx.delete(ContactEntity, { id: entity.id });
      await emit(ContactEvents.deleted, accountId, { contact: toContactSnapshot(entity) });
    });
    return null;
  }

  async setBlocked(accountId: number, id: number, blocked: boolean): Promise<Contact> {
    const contact = await this.outbox.transaction(async (tx, emit) => {
      const entity = await this.find(accountId, id, tx);
      if (entity.blocked === blocked) return entity;
      const before = toContact(entity);
      entity.blocked = blocked;
      const saved = await this.saveChanges(tx, emit, entity, before);
      await emit(blocked ? ContactEvents.blocked : ContactEvents.unblocked, accountId, { contact: toContactSnapshot(saved) });
      return saved;
    });
    return toContact(contact, (await this.links.of([contact.id])).get(contact.id));
  }

  async labels(accountId: number, id: number): Promise<string[]> {
    return (await this.find(accountId, id)).labels;
  }

  async setLabels(accountId: number, id: number, labels: string[]): Promise<string[]> {
    const titles = normaliseLabelSet(labels);
    return this.outbox.transaction(async (tx, emit) => {
      const entity = await this.find(accountId, id, tx);
      if (entity.labels.join(',') === titles.join(',')) return titles;
      entity.labels = titles;
      const saved = await tx.save(entity);
      await emit(ContactEvents.labelsChanged, accountId, { contact: toContactSnapshot(saved), labels: titles });
      return titles;
    });
  }

  /** Saves and, when something visible changed, publishes `contact.updated` with the changes. */
  async saveChanges(tx: EntityManager, emit: Emit, entity: ContactEntity, before: Contact): Promise<ContactEntity> {
    const changes = changedAttributes(before, toContact(entity), TRACKED);
    if (changes.length === 0) return entity;
    const saved = await tx.save(entity);
    await emit(ContactEvents.updated, saved.accountId, { contact: toContactSnapshot(saved), changed_attributes: changes });
    return saved;
  }

  async find(accountId: number, id: number, tx?: EntityManager): Promise<ContactEntity> {
    const found = await (tx ?? this.contacts.manager).findOne(ContactEntity, {
      where: { accountId, id },
      lock: tx ? { mode: 'pessimistic_write' } : undefined,
    });
    if (!found) throw new NotFoundError('Contact');
    return found;
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
