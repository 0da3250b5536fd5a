import { Injectable } from '@nestjs/common';
import { ContactEvents, type ContactSnapshot } from '@parley/contracts';
import { changedAttributes, type Emit } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ContactBatchWriter, type MatchedContact } from '../contacts/contact-batch.writer';
import type { ContactValues } from '../contacts/contact.rules';
import type { ImportFailure, JudgedBatch } from './import-row.rules';
import { importedEventsOf } from './imported-contacts.rules';

export interface BatchOutcome {
  created: number;
  updated: number;
  failed: number;
}

/** A contact as the batch builds it: matched (with what it was) or new (no id until inserted). */
interface Working extends Omit<MatchedContact, 'id'> {
  id: number | null;
  before: ContactSnapshot | null;
  dirty: boolean;
}

const TRACKED: Array<keyof ContactSnapshot> = [
  'name',
  'email',
  'phone_number',
  'identifier',
  'additional_attributes',
  'custom_attributes',
];

/**
 * Applies one batch of CSV rows set-wise, once judged (judgeImportRows): rows are matched to
 * existing contacts by identifier, then e-mail, then phone (update), otherwise created;
 * conflicts with other contacts fail the row. One round trip per kind of write.
 */
@Injectable()
export class ImportBatchWriter {
  constructor(private readonly contacts: ContactBatchWriter) {}

  async apply(
    tx: EntityManager,
    emit: Emit,
    accountId: number,
    importId: number,
    batch: JudgedBatch,
  ): Promise<BatchOutcome> {
    const failures = [...batch.failures];
    const prepared = batch.accepted;
    const known = await this.loadMatches(
      tx,
      accountId,
      prepared.map((p) => p.values),
    );
    const index = {
      identifier: new Map<string, Working>(),
      email: new Map<string, Working>(),
      phone: new Map<string, Working>(),
    };
    const remember = (contact: Working) => {
      if (contact.identifier) index.identifier.set(contact.identifier, contact);
      if (contact.email) index.email.set(contact.email, contact);
      if (contact.phone_number) index.phone.set(contact.phone_number, contact);
    };
    known.forEach(remember);
    const fresh: Working[] = [];
    let created = 0;
    let updated = 0;

    for (const { row, values, additional, custom } of prepared) {
      const match =
        (values.identifier && index.identifier.get(values.identifier)) ||
        (values.email && index.email.get(values.email)) ||
        (values.phoneNumber && index.phone.get(values.phoneNumber)) ||
        null;
      const target: Working = match ?? {
        id: null,
        name: null,
        email: null,
        phone_number: null,
        identifier: null,
        additional_attributes: {},
        custom_attributes: {},
        blocked: false,
        created_at: new Date(),
        before: null,
        dirty: true,
      };
      const conflict = conflictOf(index, target, values);
      if (conflict) {
        failures.push({ row, errors: [conflict] });
        continue;
      }
      if (values.name) target.name = values.name;
      if (values.email) target.email = values.email;
      if (values.phoneNumber) target.phone_number = values.phoneNumber;
      if (values.identifier) target.identifier = values.identifier;
      target.additional_attributes = { ...target.additional_attributes, ...additional };
      target.custom_attributes = { ...target.custom_attributes, ...custom };
      target.dirty = true;
      remember(target);
      // Every row counts once: it created a contact, or updated one (perhaps one an earlier row created).
      if (!match) {
        fresh.push(target);
        created++;
      } else {
        updated++;
      }
    }

    const ids = await this.contacts.insertMany(tx, accountId, fresh);
    ids.forEach((id, position) => (fresh[position].id = id));
    const changed = known.filter((contact) => contact.dirty);
    await this.contacts.updateMany(tx, changed as Array<Working & { id: number }>);
    await this.recordFailures(tx, importId, failures);

    const now = Math.floor(Date.now() / 1000);
    // Many created contacts to an event: consumers read each item as its own contacts.contact.created.
    await emit.many(
      ContactEvents.imported,
      accountId,
      importedEventsOf(
        fresh.map((contact) => ({ event_id: randomUUID(), contact: snapshot(accountId, contact, now) })),
      ).map((contacts) => ({ contacts })),
    );
    await emit.many(
      ContactEvents.updated,
      accountId,
      changed
        .map((contact) => {
          const after = snapshot(accountId, contact, now);
          return { contact: after, changed_attributes: changedAttributes(contact.before!, after, TRACKED) };
        })
        .filter((event) => event.changed_attributes.length > 0),
    );
    return { created, updated, failed: failures.length };
  }

  /** The rows' failures, for the errors file; a row recorded before (a resumed batch) keeps its first record. */
  async recordFailures(tx: EntityManager, importId: number, failures: ImportFailure[]): Promise<void> {
    if (failures.length === 0) return;
    await tx.query(
      `INSERT INTO contacts.import_errors (import_id, row_number, row_data, errors)
       SELECT $1, n, d, e FROM unnest($2::int[], $3::json[], $4::text[]) AS f(n, d, e)
       ON CONFLICT DO NOTHING`,
      [
        importId,
        failures.map((f) => f.row.rowNumber),
        failures.map((f) => JSON.stringify(f.row.raw)),
        failures.map((f) => f.errors.join('; ')),
      ],
    );
  }

  private async loadMatches(tx: EntityManager, accountId: number, values: ContactValues[]): Promise<Working[]> {
    const rows = await this.contacts.matching(tx, accountId, {
      identifiers: values.map((v) => v.identifier).filter((v): v is string => !!v),
      emails: values.map((v) => v.email).filter((v): v is string => !!v),
      phones: values.map((v) => v.phoneNumber).filter((v): v is string => !!v),
    });
    const now = Math.floor(Date.now() / 1000);
    return rows.map((row) => {
      const working: Working = { ...row, email: row.email?.toLowerCase() ?? null, before: null, dirty: false };
      working.before = snapshot(accountId, working, now);
      return working;
    });
  }
}

/** An e-mail, phone or identifier the row would take from another contact. */
function conflictOf(
  index: Record<'identifier' | 'email' | 'phone', Map<string, Working>>,
  target: Working,
  values: ContactValues,
): string | null {
  const other = (map: Map<string, Working>, key: string | null | undefined) => (key ? map.get(key) : undefined);
  const taken = (found: Working | undefined) => found !== undefined && found !== target;
  if (taken(other(index.email, values.email))) return 'Email has already been taken';
  if (taken(other(index.phone, values.phoneNumber))) return 'Phone number has already been taken';
  if (taken(other(index.identifier, values.identifier))) return 'Identifier has already been taken';
  return null;
}

function snapshot(accountId: number, contact: Working, now: number): ContactSnapshot {
  return {
    id: contact.id!,
    account_id: accountId,
    name: contact.name,
    email: contact.email,
    phone_number: contact.phone_number,
    identifier: contact.identifier,
    thumbnail: null,
    blocked: contact.blocked,
    additional_attributes: contact.additional_attributes,
    custom_attributes: contact.custom_attributes,
    created_at: Math.floor(new Date(contact.created_at).getTime() / 1000),
    updated_at: now,
  };
}
