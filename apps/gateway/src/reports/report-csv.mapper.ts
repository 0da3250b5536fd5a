import { neutralisedCell } from '@parley/domain-rules';
import { stringify } from 'csv-stringify/sync';

/** UTF-8 with a byte-order mark, `;`-separated, a header row of the given columns. */
export function toReportCsv<T extends object>(rows: T[], columns: Array<keyof T & string>): string {
  return stringify(rows as Array<Record<string, unknown>>, {
    bom: true,
    delimiter: ';',
    header: true,
    columns,
    cast: { string: neutralisedCell, boolean: (value) => String(value) },
  });
}
