import { importRowProblem, MAX_ROW_CHARACTERS } from './import-row.rules';

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
