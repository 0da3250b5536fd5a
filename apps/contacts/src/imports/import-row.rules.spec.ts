import { contactAttributeDefinition } from '@parley/testing';
import {
  importRowProblem,
  judgeImportRows,
  lastRowOf,
  MAX_ROW_CHARACTERS,
  oneByOne,
  type ImportRow,
} from './import-row.rules';

const plan = contactAttributeDefinition('plan');

describe('importRowProblem', () => {
  it('takes a row up to the limit, counting every cell', () => {
    const half = 'x'.repeat(MAX_ROW_CHARACTERS / 2);
    expect(importRowProblem({ name: 'Ana', email: 'ana@example.com' })).toBeNull();
    expect(importRowProblem({ name: half, additional_attributes_note: half })).toBeNull();
  });

  it('refuses a longer row, naming the limit', () => {
    const half = 'x'.repeat(MAX_ROW_CHARACTERS / 2);
    expect(importRowProblem({ name: half, additional_attributes_note: `${half}y` })).toBe(
      `Row is too long (maximum is ${MAX_ROW_CHARACTERS} characters)`,
    );
  });
});

describe('judgeImportRows', () => {
  const rows: ImportRow[] = [
    { rowNumber: 1, raw: { name: 'Ana', email: 'Ana@Example.com', custom_attributes_plan: 'pro' } },
    { rowNumber: 2, raw: { name: 'Bo', email: 'not-an-email' } },
    { rowNumber: 3, raw: { name: '', email: '' } },
    { rowNumber: 4, raw: { name: 'Cy', custom_attributes_plan: 'gold' } },
    { rowNumber: 5, raw: { name: 'x'.repeat(MAX_ROW_CHARACTERS + 1) } },
    { rowNumber: 6, raw: { phone_number: '+5511999990000', additional_attributes_city: 'Lisbon' } },
  ];

  it('accepts rows the API would take, with their values as stored', () => {
    const { accepted } = judgeImportRows(rows, [plan]);
    expect(accepted.map(({ row }) => row.rowNumber)).toEqual([1, 6]);
    expect(accepted[0]).toMatchObject({ values: { name: 'Ana', email: 'ana@example.com' }, custom: { plan: 'pro' } });
    expect(accepted[1]).toMatchObject({ values: { phoneNumber: '+5511999990000' }, additional: { city: 'Lisbon' } });
  });

  it('refuses the others before any write, each with its reasons', () => {
    const { failures } = judgeImportRows(rows, [plan]);
    expect(failures.map(({ row, errors }) => [row.rowNumber, errors.length])).toEqual([
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(failures[0].errors).toEqual(['Email is invalid']);
    expect(failures[1].errors).toEqual(['Row has no name, email, phone_number or identifier']);
    expect(failures[3].errors[0]).toMatch(/^Row is too long/);
  });

  it('splits a judged batch into single rows in file order, and knows its last row', () => {
    const judged = judgeImportRows(rows, [plan]);
    const singles = oneByOne(judged);
    expect(singles.map((single) => lastRowOf(single))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(singles.every((single) => single.accepted.length + single.failures.length === 1)).toBe(true);
    expect(lastRowOf(judged)).toBe(6);
  });
});
