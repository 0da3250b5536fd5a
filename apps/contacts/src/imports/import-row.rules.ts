import type { CustomAttributeDefinition } from '@parley/contracts';
import { customAttributeProblems } from '@parley/domain-rules';
import { contactFieldProblems, normaliseContactFields, type ContactValues } from '../contacts/contact.rules';
import { contactFieldsFromRow } from './csv-row.mapper';

/**
 * Characters a CSV row may hold in all. A contact travels in events and realtime frames, and
 * NATS refuses a message over 1 MB: a bigger contact could never be announced, and its event
 * would hold every later one back. The API's body limit (512 KB by default) bounds its own.
 */
export const MAX_ROW_CHARACTERS = 32 * 1024;

/** Why a row cannot be imported whatever its values, or null. */
export function importRowProblem(raw: Record<string, string>): string | null {
  let characters = 0;
  for (const value of Object.values(raw)) characters += value?.length ?? 0;
  return characters > MAX_ROW_CHARACTERS ? `Row is too long (maximum is ${MAX_ROW_CHARACTERS} characters)` : null;
}

export interface ImportRow {
  rowNumber: number;
  raw: Record<string, string>;
}

/** A row that could not be imported and why. */
export interface ImportFailure {
  row: ImportRow;
  errors: string[];
}

/** A row a batch may write: its values as the API would store them. */
export interface AcceptedRow {
  row: ImportRow;
  values: ContactValues;
  additional: Record<string, unknown>;
  custom: Record<string, unknown>;
}

/** A batch's rows judged as the API judges a contact: those to write, and those refused before any write. */
export interface JudgedBatch {
  accepted: AcceptedRow[];
  failures: ImportFailure[];
}

/** Judges rows by their own values and the account's definitions alone: no stored contact is needed. */
export function judgeImportRows(rows: ImportRow[], definitions: CustomAttributeDefinition[]): JudgedBatch {
  const judged: JudgedBatch = { accepted: [], failures: [] };
  for (const row of rows) {
    const tooLong = importRowProblem(row.raw);
    if (tooLong) {
      judged.failures.push({ row, errors: [tooLong] });
      continue;
    }
    const fields = contactFieldsFromRow(row.raw);
    let values: ContactValues;
    try {
      values = normaliseContactFields(fields);
    } catch (error) {
      judged.failures.push({ row, errors: [(error as Error).message] });
      continue;
    }
    const custom = fields.custom_attributes ?? {};
    const problems = [
      ...Object.values(contactFieldProblems(values)),
      ...Object.values(customAttributeProblems(definitions, custom)),
    ];
    if (!values.name && !values.email && !values.phoneNumber && !values.identifier)
      problems.push('Row has no name, email, phone_number or identifier');
    if (problems.length) judged.failures.push({ row, errors: problems });
    else judged.accepted.push({ row, values, additional: fields.additional_attributes ?? {}, custom });
  }
  return judged;
}

/** Each row of a judged batch as a batch of its own, in file order (to apply them one at a time). */
export function oneByOne(batch: JudgedBatch): JudgedBatch[] {
  const singles = [
    ...batch.accepted.map((accepted) => ({
      rowNumber: accepted.row.rowNumber,
      batch: { accepted: [accepted], failures: [] },
    })),
    ...batch.failures.map((failure) => ({
      rowNumber: failure.row.rowNumber,
      batch: { accepted: [], failures: [failure] },
    })),
  ];
  return singles.sort((a, b) => a.rowNumber - b.rowNumber).map((single) => single.batch);
}

/** The batch's last row number in the file (what a resumed run skips up to). */
export function lastRowOf(batch: JudgedBatch): number {
  let last = 0;
  for (const { row } of [...batch.accepted, ...batch.failures]) last = Math.max(last, row.rowNumber);
  return last;
}
