import type { ContactFields } from '@parley/contracts';

const ADDITIONAL = 'additional_attributes_';
const CUSTOM = 'custom_attributes_';

/** Reads one CSV record (header → value) as contact fields; unknown columns are ignored. */
export function contactFieldsFromRow(row: Record<string, string>): ContactFields {
  const fields: ContactFields = {};
  const additional: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const [rawColumn, rawValue] of Object.entries(row)) {
    const column = rawColumn.trim().toLowerCase();
    const value = rawValue ?? '';
    if (column === 'name') fields.name = value;
    else if (column === 'email') fields.email = value;
    else if (column === 'phone_number') fields.phone_number = value;
    else if (column === 'identifier') fields.identifier = value;
    else if (column.startsWith(ADDITIONAL) && value.trim() !== '')
      additional[column.slice(ADDITIONAL.length)] = value.trim();
    else if (column.startsWith(CUSTOM) && value.trim() !== '')
      custom[column.slice(CUSTOM.length)] = typedValue(value.trim());
  }
  if (Object.keys(additional).length) fields.additional_attributes = additional;
  if (Object.keys(custom).length) fields.custom_attributes = custom;
  return fields;
}

/** CSV holds text: numbers and true/false become numbers and booleans (definitions check the rest). */
function typedValue(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}
