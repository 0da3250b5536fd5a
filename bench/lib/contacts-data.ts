import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Generated contacts for the import benchmark: the same rows as a CSV file (for COPY and for
 * the API import) and straight in `contacts.contacts` (to have many to search). Contact `n` is
 * the same whichever way it is made, and its e-mail, phone and identifier are unique.
 */

/** The contract's import columns (service-api.md "CSV columns"), with one attribute of each kind. */
export const CSV_COLUMNS = [
  'name',
  'email',
  'phone_number',
  'identifier',
  'additional_attributes_city',
  'custom_attributes_plan',
] as const;

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Felipe',
  'Gabriela',
  'Hugo',
  'Isabela',
  'Joao',
  'Karina',
  'Lucas',
  'Mariana',
  'Nuno',
  'Olivia',
  'Pedro',
  'Renata',
  'Rafael',
  'Sofia',
  'Tiago',
  'Vera',
  'Vitor',
  'Wanda',
  'Yara',
];
// No surname is part of another word here, so a surname finds the same contacts as a substring (`q`) and as a word prefix (`search`).
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
];
const CITIES = ['Sao Paulo', 'Lisboa', 'Porto', 'Recife', 'Curitiba', 'Salvador', 'Fortaleza', 'Manaus'];
const PLANS = ['free', 'starter', 'pro', 'enterprise'];

/** The share of contacts that carry any one surname. */
export const SURNAME_SHARE = 1 / SURNAMES.length;

/** Contact `n` (from 1) as CSV cells. Kept in step with the SQL of `seedContacts`. */
export function contactRow(n: number): string[] {
  const first = FIRST_NAMES[n % FIRST_NAMES.length];
  const surname = SURNAMES[Math.floor(n / FIRST_NAMES.length) % SURNAMES.length];
  return [
    `${first} ${surname}`,
    `${first}.${surname}.${n}@example.com`.toLowerCase(),
    `+5511${900_000_000 + n}`,
    `crm-${n}`,
    CITIES[n % CITIES.length],
    PLANS[n % PLANS.length],
  ];
}

/** Contacts `first` … `first + count - 1` as a CSV file with a header line; returns its size in bytes. */
export async function writeContactsCsv(file: string, first: number, count: number): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (cells: readonly string[]) => {
    // No cell holds a comma, quote or newline, so no quoting is needed.
    const line = `${cells.join(',')}\n`;
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(CSV_COLUMNS);
  for (let n = first; n < first + count; n++) await write(contactRow(n));
  out.end();
  await once(out, 'finish');
  return bytes;
}

/** COPY of a CSV file with a header line into `table`, in one transaction; returns the rows copied. */
export async function copyCsvFile(db: Client, table: string, file: string): Promise<number> {
  await db.query('BEGIN');
  try {
    const copy = db.query(
      copyFrom(`COPY ${table} (${CSV_COLUMNS.join(', ')}) FROM STDIN WITH (FORMAT csv, HEADER true)`),
    );
    await pipeline(createReadStream(file), copy);
    await db.query('COMMIT');
    return copy.rowCount;
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/**
 * Contacts `first` … `first + count - 1` of the account straight into the contacts service's
 * table (no events: only the contacts service's own reads see them). Last activity is spread
 * over the past weeks, as it would be for contacts who wrote in.
 */
export async function seedContacts(db: Client, accountId: number, first: number, count: number): Promise<void> {
  await db.query(
    `INSERT INTO contacts.contacts (account_id, name, email, phone_number, identifier, additional_attributes, custom_attributes, last_activity_at)
     SELECT $1, f || ' ' || s, lower(f || '.' || s || '.' || n || '@example.com'), '+5511' || (900000000 + n), 'crm-' || n,
            jsonb_build_object('city', ($5::text[])[1 + n % cardinality($5::text[])]),
            jsonb_build_object('plan', ($6::text[])[1 + n % cardinality($6::text[])]),
            now() - n * interval '13 seconds'
       FROM generate_series($2::int, $2::int + $3::int - 1) AS n,
            LATERAL (SELECT ($4::text[])[1 + n % cardinality($4::text[])] AS f,
                            ($7::text[])[1 + (n / cardinality($4::text[])) % cardinality($7::text[])] AS s) AS names`,
    [accountId, first, count, FIRST_NAMES, CITIES, PLANS, SURNAMES],
  );
  // Settle the table now rather than have autovacuum do it in the middle of a measured run.
  await db.query('VACUUM ANALYZE contacts.contacts');
}
