/**
 * CSV cells a spreadsheet would run as formulas (`=`, `+`, `-`, `@`, tab, carriage return first)
 * are written with a leading apostrophe; an import of such a file reads them back as written.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralisedCell(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The reverse: an exported `'=…` cell is read back as `=…`; other cells are left as they are. */
export function restoredCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
