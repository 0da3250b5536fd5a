import { stringify } from 'csv-stringify/sync';

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** UTF-8 with a byte-order mark, `;`-separated, a header row of the given columns. */
export function toReportCsv<T extends object>(rows: T[], columns: Array<keyof T & string>): string {
  return stringify(rows as Array<Record<string, unknown>>, {
    bom: true,
    delimiter: ';',
    header: true,
    columns,
    cast: { string: neutraliseCell, boolean: (value) => String(value) },
  });
}
