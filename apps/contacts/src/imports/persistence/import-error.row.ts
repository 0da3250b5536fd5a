/** @owns contacts.import_errors */
/** An `import_errors` row as the errors file reads it: the CSV record as given and why it failed. */
export interface ImportErrorRow {
  row_data: Record<string, string>;
  errors: string;
}
