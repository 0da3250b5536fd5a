import { KANBAN_ITEM_STATUSES, KANBAN_PRIORITIES, KanbanWorkErrors } from '@parley/contracts';
import { restoredCell } from '@parley/domain-rules';
import { DomainError } from '@parley/service-kit';

/** The export's columns, in order; an import maps columns like these to the fields below. */
export const EXPORT_COLUMNS = [
  'id',
  'title',
  'description',
  'stage',
  'stage_id',
  'status',
  'priority',
  'value',
  'currency',
  'assigned_agents',
  'conversation_display_id',
  'created_at',
  'updated_at',
  'stage_entered_at',
  'custom_attributes',
] as const;

/** Card fields a column may be mapped to; `custom_attributes.<key>` sets one attribute. */
const IMPORT_FIELDS = [
  'title',
  'description',
  'value',
  'currency',
  'priority',
  'status',
  'stage',
  'stage_id',
  'assigned_agents',
  'custom_attributes',
] as const;
type ImportField = (typeof IMPORT_FIELDS)[number];

/** `;` or `,`, whichever the header line (outside quotes) has more of; `;` on a tie. */
export function detectSeparator(firstLine: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

/** The mappings (column → field) checked against the file's columns: 422 naming each fault. */
export function checkedMappings(
  mappings: Record<string, string>,
  columns: readonly string[],
): Array<{ column: number; field: string }> {
  if (typeof mappings !== 'object' || mappings === null || Array.isArray(mappings))
    throw mappingFault('mappings must be a JSON object from CSV column to card field');
  const checked = Object.entries(mappings).map(([column, field]) => {
    const index = columns.indexOf(column);
    if (index < 0)
      throw mappingFault(`The file has no column ${JSON.stringify(column)} (columns: ${columns.join(', ')})`);
    const known =
      (IMPORT_FIELDS as readonly string[]).includes(field) ||
      /^custom_attributes\.[A-Za-z0-9_]{1,64}$/.test(String(field));
    if (!known)
      throw mappingFault(
        `${JSON.stringify(field)} is not a card field (fields: ${IMPORT_FIELDS.join(', ')}, custom_attributes.<key>)`,
      );
    return { column: index, field };
  });
  if (!checked.some((mapping) => mapping.field === 'title')) throw mappingFault('A column must be mapped to title');
  return checked;
}

function mappingFault(message: string): DomainError {
  return new DomainError(KanbanWorkErrors.importMappingInvalid, message, ['mappings']);
}

export interface ImportedCard {
  title: string;
  description: string | null;
  value: number | null;
  currency: { code: string } | Record<string, unknown> | null;
  priority: string | null;
  status: string;
  stage: string | null;
  agents: number[];
  attributes: Record<string, unknown>;
}

/** One row read through the mappings, or why it is refused. Stages, agents and attribute values are judged by the caller. */
export function importedCard(
  cells: string[],
  mappings: Array<{ column: number; field: string }>,
): ImportedCard | { problem: string } {
  const card: ImportedCard = {
    title: '',
    description: null,
    value: null,
    currency: null,
    priority: null,
    status: 'open',
    stage: null,
    agents: [],
    attributes: {},
  };
  for (const { column, field } of mappings) {
    const cell = restoredCell((cells[column] ?? '').trim());
    if (cell === '') continue;
    if (field.startsWith('custom_attributes.')) {
      card.attributes[field.slice('custom_attributes.'.length)] = cell;
      continue;
    }
    switch (field as ImportField) {
      case 'title':
        card.title = cell;
        break;
      case 'description':
        card.description = cell;
        break;
      case 'value': {
        const value = Number(cell.replace(/\s/g, '').replace(/,(\d{1,2})$/, '.$1'));
        if (!Number.isFinite(value)) return { problem: `value ${JSON.stringify(cell)} is not a number` };
        card.value = value;
        break;
      }
      case 'currency':
        card.currency = cell.startsWith('{') ? (parseJsonObject(cell) ?? { code: cell }) : { code: cell };
        break;
      case 'priority':
        if (!(KANBAN_PRIORITIES as readonly string[]).includes(cell.toLowerCase()))
          return { problem: `priority ${JSON.stringify(cell)} is not one of ${KANBAN_PRIORITIES.join(', ')}` };
        card.priority = cell.toLowerCase();
        break;
      case 'status':
        if (!(KANBAN_ITEM_STATUSES as readonly string[]).includes(cell.toLowerCase()))
          return { problem: `status ${JSON.stringify(cell)} is not one of ${KANBAN_ITEM_STATUSES.join(', ')}` };
        card.status = cell.toLowerCase();
        break;
      case 'stage':
      case 'stage_id':
        card.stage ??= cell;
        break;
      case 'assigned_agents': {
        const ids = cell.split(/[,\s]+/).filter(Boolean);
        if (!ids.every((id) => /^[1-9]\d{0,9}$/.test(id)))
          return { problem: `assigned_agents ${JSON.stringify(cell)} must be agent ids` };
        card.agents = [...new Set(ids.map(Number))];
        break;
      }
      case 'custom_attributes': {
        const attributes = parseJsonObject(cell);
        if (!attributes) return { problem: 'custom_attributes must be a JSON object' };
        card.attributes = { ...attributes, ...card.attributes };
        break;
      }
    }
  }
  if (!card.title) return { problem: 'title is blank' };
  if (card.title.length > 500) return { problem: 'title is too long (maximum is 500 characters)' };
  return card;
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
