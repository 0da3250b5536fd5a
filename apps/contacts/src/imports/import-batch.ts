import { ContactEvents, type ContactSnapshot, type CustomAttributeDefinition } from '@parley/contracts';
import { changedAttributes, customAttributeProblems, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { contactFieldProblems, normaliseContactFields } from '../contacts/contact-rules';
import { contactFieldsFromRow } from './csv-row';

export interface ImportRow {
  rowNumber: number;
  raw: Record<string, string>;
}

export interface BatchOutcome {
  created: number;
  updated: number;
  failed: number;
}

interface Working {
  id: number | null;
  name: string | null;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  additional_attributes: Record<string, unknown>;
  custom_attributes: Record<string, unknown>;
  blocked: boolean;
  created_at: Date;
  before: ContactSnapshot | null;
  dirty: boolean;
}

const TRACKED: Array<keyof ContactSnapshot> = ['name', 'email', 'phone_number', 'identifier', 'additional_attributes', 'custom_attributes'];

/**
 * Applies one batch of CSV rows set-wise: rows are validated like the API, matched to
 * existing contacts by identifier, then e-mail, then phone (update), otherwise created;
 * conflicts with other contacts fail the row. One round trip per kind of write.
 */
export async function applyImportBatch(
  tx: EntityManager,
  emit: Emit,
  accountId: number,
  importId: number,
  rows: ImportRow[],
  definitions: CustomAttributeDefinition[],
): Promise<BatchOutcome> {
  const failures: Array<{ row: ImportRow; errors: string[] }> = [];
  const prepared: Array<{ row: ImportRow; values: ReturnType<typeof normaliseContactFields>; additional: Record<string, unknown>; custom: Record<string, unknown> }> = [];
  for (const row of rows) {
    const fields = contactFieldsFromRow(row.raw);
    let values: ReturnType<typeof normaliseContactFields>;
    try {
      values = normaliseContactFields(fields);
    } catch (error) {
      failures.push({ row, errors: [(error as Error).message] });
      continue;
    }
    const custom = fields.custom_attributes ?? {};
    const problems = [...Object.values(contactFieldProblems(values)), ...Object.values(customAttributeProblems(definitions, custom))];
    if (!values.name && !values.email && !values.phoneNumber && !values.identifier) problems.push('Row has no name, email, phone_number or identifier');
    if (problems.length) failures.push({ row, errors: problems });
    else prepared.push({ row, values, additional: fields.additional_attributes ?? {}, custom });
  }

  const known = await loadMatches(tx, accountId, prepared.map((p) => p.values));
  const index = { identifier: new Map<string, Working>(), email: new Map<string, Working>(), phone: new Map<string, Working>() };
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

  await insertContacts(tx, accountId, fresh);
  const changed = known.filter((contact) => contact.dirty);
  await updateContacts(tx, changed);
  await tx.query(
    `INSERT INTO contacts.import_errors (import_id, row_number, row_data, errors)
     SELECT $1, n, d, e FROM unnest($2::int[], $3::json[], $4::text[]) AS f(n, d, e)
     ON CONFLICT DO NOTHING`,
    [importId, failures.map((f) => f.row.rowNumber), failures.map((f) => JSON.stringify(f.row.raw)), failures.map((f) => f.errors.join('; '))],
  );

  const now = Math.floor(Date.now() / 1000);
  await emit.many(ContactEvents.created, accountId, fresh.map((contact) => ({ contact: snapshot(accountId, contact, now) })));
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

/** An e-mail, phone or identifier the row would take from another contact. */
function conflictOf(index: Record<'identifier' | 'email' | 'phone', Map<string, Working>>, target: Working, values: ReturnType<typeof normaliseContactFields>): string | null {
  const other = (map: Map<string, Working>, key: string | null | undefined) => (key ? map.get(key) : undefined);
  const taken = (found: Working | undefined) => found !== undefined && found !== target;
  if (taken(other(index.email, values.email))) return 'Email has already been taken';
  if (taken(other(index.phone, values.phoneNumber))) return 'Phone number has already been taken';
  if (taken(other(index.identifier, values.identifier))) return 'Identifier has already been taken';
  return null;
}

/**
 * One probe of a unique index per value. The `LIMIT 1` keeps each probe a nested index lookup
 * whatever the statistics say: a table an import is filling has none yet, and a planner left
 * to guess scans the whole account for every batch.
 */
async function loadMatches(tx: EntityManager, accountId: number, values: Array<ReturnType<typeof normaliseContactFields>>): Promise<Working[]> {
  const identifiers = values.map((v) => v.identifier).filter((v): v is string => !!v);
  const emails = values.map((v) => v.email).filter((v): v is string => !!v);
  const phones = values.map((v) => v.phoneNumber).filter((v): v is string => !!v);
  if (!identifiers.length && !emails.length && !phones.length) return [];
  const rows: Array<Omit<Working, 'before' | 'dirty'>> = await tx.query(
    `SELECT id, name, email, phone_number, identifier, additional_attributes, custom_attributes, blocked, created_at
       FROM contacts.contacts
      WHERE id = ANY (ARRAY(
              SELECT m.id FROM unnest($2::text[]) AS k(v) CROSS JOIN LATERAL (
                SELECT id FROM contacts.contacts WHERE account_id = $1 AND identifier IS NOT NULL AND identifier = k.v LIMIT 1) m
              UNION SELECT m.id FROM unnest($3::text[]) AS k(v) CROSS JOIN LATERAL (
                SELECT id FROM contacts.contacts WHERE account_id = $1 AND email IS NOT NULL AND lower(email) = k.v LIMIT 1) m
              UNION SELECT m.id FROM unnest($4::text[]) AS k(v) CROSS JOIN LATERAL (
                SELECT id FROM contacts.contacts WHERE account_id = $1 AND phone_number IS NOT NULL AND phone_number = k.v LIMIT 1) m))
      FOR UPDATE`,
    [accountId, identifiers, emails, phones],
  );
  const now = Math.floor(Date.now() / 1000);
  return rows.map((row) => {
    const working: Working = { ...row, email: row.email?.toLowerCase() ?? null, before: null, dirty: false };
    working.before = snapshot(accountId, working, now);
    return working;
  });
}

async function insertContacts(tx: EntityManager, accountId: number, contacts: Working[]): Promise<void> {
  if (contacts.length === 0) return;
  const ids: Array<{ id: number }> = await tx.query(
    `INSERT INTO contacts.contacts (account_id, name, email, phone_number, identifier, additional_attributes, custom_attributes)
     SELECT $1, n, e, p, i, a, c FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[]) WITH ORDINALITY AS r(n, e, p, i, a, c, o)
     ORDER BY o
     RETURNING id`,
    [accountId, ...columns(contacts)],
  );
  ids.forEach((row, position) => (contacts[position].id = row.id));
}

async function updateContacts(tx: EntityManager, contacts: Working[]): Promise<void> {
  if (contacts.length === 0) return;
  await tx.query(
    `UPDATE contacts.contacts c
        SET name = u.n, email = u.e, phone_number = u.p, identifier = u.i, additional_attributes = u.a, custom_attributes = u.c, updated_at = now()
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[]) AS u(id, n, e, p, i, a, c)
      WHERE c.id = u.id`,
    [contacts.map((c) => c.id), ...columns(contacts)],
  );
}

/** The written fields of many contacts, one array per column (for `unnest`). */
function columns(contacts: Working[]): unknown[][] {
  return [
    contacts.map((c) => c.name),
    contacts.map((c) => c.email),
    contacts.map((c) => c.phone_number),
    contacts.map((c) => c.identifier),
    contacts.map((c) => JSON.stringify(c.additional_attributes)),
    contacts.map((c) => JSON.stringify(c.custom_attributes)),
  ];
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
