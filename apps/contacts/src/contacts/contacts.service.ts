import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
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
import { DataSource, type EntityManager } from 'typeorm';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { toContactSnapshot } from './contact-snapshot.mapper';
import { toContact } from './contact.mapper';
import {
  assertValidContact,
  assertValidCustomAttributes,
  normaliseContactFields,
  translateConflict,
} from './contact.rules';
import { ContactsLoader } from './contacts.loader';
import type { ContactInboxRow } from './persistence/contact-inbox.row';
import { CONTACT_COLUMNS, type ContactRow } from './persistence/contact.row';

const TRACKED: Array<keyof Contact> = [
  'name',
  'email',
  'phone_number',
  'identifier',
  'thumbnail',
  'blocked',
  'additional_attributes',
  'custom_attributes',
];

@Injectable()
export class ContactsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly loader: ContactsLoader,
    private readonly messagingView: MessagingViewLoader,
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
        await insertLink(tx, contact, inbox.id, sourceId);
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
        const saved = await this.saveChanges(tx, emit, row, before);
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
      await this.remove(tx, row.id);
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
      const saved = await this.saveChanges(tx, emit, row, before);
      await emit(blocked ? ContactEvents.blocked : ContactEvents.unblocked, accountId, {
        contact: toContactSnapshot(saved),
      });
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
      const row = await this.loader.find(accountId, id, tx);
      if (row.labels.join(',') === titles.join(',')) return titles;
      const saved = await write(tx, { ...row, labels: titles });
      await emit(ContactEvents.labelsChanged, accountId, { contact: toContactSnapshot(saved), labels: titles });
      return titles;
    });
  }

  /** Links the contact to one more inbox, under its id at that channel. */
  async linkInbox(contact: ContactRow, inbox: LinkedInbox, sourceId: string): Promise<ContactInboxLink> {
    try {
      await insertLink(this.dataSource.manager, contact, inbox.id, sourceId);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(ContactInboxErrors.sourceIdTaken, 'Source id is already used in this inbox', [
          'source_id',
        ]);
      throw error;
    }
    return { source_id: sourceId, inbox };
  }

  /**
   * The contact's link to the inbox: its oldest one there, or a new one under a generated source
   * id. The contact's row lock makes concurrent calls for one contact find one link, not make two.
   */
  async ensureInboxLink(accountId: number, contactId: number, inbox: LinkedInbox): Promise<ContactInboxLink> {
    return this.dataSource.transaction(async (tx) => {
      const contact = await this.loader.find(accountId, contactId, tx);
      const [existing]: Array<Pick<ContactInboxRow, 'source_id'>> = await tx.query(
        'SELECT source_id FROM contacts.contact_inboxes WHERE contact_id = $1 AND inbox_id = $2 ORDER BY id LIMIT 1',
        [contactId, inbox.id],
      );
      if (existing) return { source_id: existing.source_id, inbox };
      const sourceId = randomUUID();
      await insertLink(tx, contact, inbox.id, sourceId);
      return { source_id: sourceId, inbox };
    });
  }

  /**
   * `ensureInboxLink` for several contacts at once (one transaction, the contacts' rows locked in
   * id order): each one's oldest link there, or a new one; contacts the account does not have are
   * left out.
   */
  async ensureInboxLinks(
    accountId: number,
    contactIds: number[],
    inbox: LinkedInbox,
  ): Promise<Array<{ contact_id: number; source_id: string }>> {
    if (contactIds.length === 0) return [];
    return this.dataSource.transaction(async (tx) => {
      const found: Array<{ id: number }> = await tx.query(
        'SELECT id FROM contacts.contacts WHERE account_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE',
        [accountId, [...new Set(contactIds)]],
      );
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
    const rows: unknown[] = await tx.query(
      'SELECT 1 FROM contacts.contacts WHERE id = $1 AND account_id = $2 FOR UPDATE',
      [id, accountId],
    );
    return rows.length > 0;
  }

  /**
   * Folds a locked mergee into a locked base: the base keeps its values and fills its blanks
   * from the mergee; inbox links, labels and attributes move over. The mergee is left without
   * its unique values, for the caller to move what else it has and then `remove` it.
   */
  async absorb(tx: EntityManager, emit: Emit, baseId: number, mergeeId: number): Promise<ContactRow> {
    const rows = await this.loader.byIds([baseId, mergeeId], tx);
    const base = rows.find((row) => row.id === baseId)!;
    const mergee = rows.find((row) => row.id === mergeeId)!;
    const before = toContact(base);
    // The mergee's unique values must be freed before the base can take them.
    await tx.query('UPDATE contacts.contacts SET email = NULL, phone_number = NULL, identifier = NULL WHERE id = $1', [
      mergee.id,
    ]);
    base.name ??= mergee.name;
    base.email ??= mergee.email;
    base.phone_number ??= mergee.phone_number;
    base.identifier ??= mergee.identifier;
    base.avatar_url ??= mergee.avatar_url;
    base.additional_attributes = { ...mergee.additional_attributes, ...base.additional_attributes };
    base.custom_attributes = { ...mergee.custom_attributes, ...base.custom_attributes };
    base.labels = [...new Set([...base.labels, ...mergee.labels])].sort();
    if (mergee.last_activity_at && (!base.last_activity_at || mergee.last_activity_at > base.last_activity_at))
      base.last_activity_at = mergee.last_activity_at;
    await tx.query(
      `UPDATE contacts.contact_inboxes SET contact_id = $1 WHERE contact_id = $2
         AND inbox_id NOT IN (SELECT inbox_id FROM contacts.contact_inboxes WHERE contact_id = $1)`,
      [base.id, mergee.id],
    );
    // Written even without a visible change: labels and the last activity move over too.
    return this.saveChanges(tx, emit, base, before, { always: true });
  }

  /** Deletes a contact inside the caller's transaction (its links and notes go with it). */
  async remove(tx: EntityManager, id: number): Promise<void> {
    await tx.query('DELETE FROM contacts.contacts WHERE id = $1', [id]);
  }

  /** The contact as clients see it, with its inbox links. */
  async withLinks(row: ContactRow): Promise<Contact> {
    return toContact(row, (await this.loader.linksOf([row.id])).get(row.id));
  }

  /** Saves and, when something visible changed, publishes `contact.updated` with the changes (without one, writes only when `always`). */
  async saveChanges(
    tx: EntityManager,
    emit: Emit,
    row: ContactRow,
    before: Contact,
    options: { always?: boolean } = {},
  ): Promise<ContactRow> {
    const changes = changedAttributes(before, toContact(row), TRACKED);
    if (changes.length === 0 && !options.always) return row;
    const saved = await write(tx, row);
    if (changes.length > 0)
      await emit(ContactEvents.updated, saved.account_id, {
        contact: toContactSnapshot(saved),
        changed_attributes: changes,
      });
    return saved;
  }
}

/** Stores the row's values; updated_at moves only when one of them changed. */
async function write(tx: EntityManager, row: ContactRow): Promise<ContactRow> {
  const [rows] = (await tx.query(
    `UPDATE contacts.contacts
        SET name = $2, email = $3, phone_number = $4, identifier = $5, avatar_url = $6, blocked = $7, additional_attributes = $8, custom_attributes = $9,
            labels = $10, last_activity_at = $11,
            updated_at = CASE WHEN (name, email, phone_number, identifier, avatar_url, blocked, additional_attributes, custom_attributes, labels, last_activity_at)
                                   IS DISTINCT FROM ($2::text, $3::text, $4::text, $5::text, $6::text, $7::boolean, $8::jsonb, $9::jsonb, $10::text[], $11::timestamptz)
                              THEN now() ELSE updated_at END
      WHERE id = $1 RETURNING ${CONTACT_COLUMNS}`,
    [
      row.id,
      row.name,
      row.email,
      row.phone_number,
      row.identifier,
      row.avatar_url,
      row.blocked,
      JSON.stringify(row.additional_attributes),
      JSON.stringify(row.custom_attributes),
      row.labels,
      row.last_activity_at,
    ],
  )) as [ContactRow[], number];
  return rows[0];
}

/** A new inbox link of the contact (unique per inbox and source id). */
async function insertLink(
  on: EntityManager,
  contact: Pick<ContactRow, 'id' | 'account_id'>,
  inboxId: number,
  sourceId: string,
): Promise<void> {
  await on.query(
    'INSERT INTO contacts.contact_inboxes (contact_id, account_id, inbox_id, source_id) VALUES ($1, $2, $3, $4)',
    [contact.id, contact.account_id, inboxId, sourceId],
  );
}

function merge(stored: Record<string, unknown>, given: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
