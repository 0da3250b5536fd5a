import { KanbanErrors, type FunnelAttributeDefinition, type FunnelStage, type StageInput } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

const STAGE_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const ATTRIBUTE_TYPES = ['text', 'number', 'date', 'list', 'checkbox', 'link'] as const;
const MAX_STAGES = 100;

const funnelFault = (message: string, field: string) => new DomainError(KanbanErrors.funnelInvalid, message, [field]);
const stageFault = (message: string, field: string) => new DomainError(KanbanErrors.stageInvalid, message, [field]);

export function checkedName(name: unknown, field = 'name'): string {
  if (typeof name !== 'string' || name.trim() === '') throw funnelFault("Name can't be blank", field);
  if (name.length > 255) throw funnelFault('Name is too long (maximum is 255 characters)', field);
  return name.trim();
}

export function isStageId(id: unknown): id is string {
  return typeof id === 'string' && STAGE_ID.test(id);
}

/** One stage as given (in a funnel's map or to /kanban/stages), each fault named by its field. */
export function checkedStage(id: string, value: unknown, field: string, fault = stageFault): FunnelStage {
  if (!isStageId(id))
    throw fault(`Stage id ${JSON.stringify(id)} must be 1-64 letters, digits, '_', '-' or '.'`, `${field}.id`);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw fault(`Stage ${id} must be an object`, field);
  const stage = value as StageInput;
  if (stage.id !== undefined && stage.id !== id)
    throw fault(`Stage ${id} has a different id inside: ${String(stage.id)}`, `${field}.id`);
  if (typeof stage.name !== 'string' || stage.name.trim() === '')
    throw fault(`Stage ${id} needs a name`, `${field}.name`);
  if (typeof stage.color !== 'string' || !HEX_COLOR.test(stage.color))
    throw fault(`Stage ${id} color must be a hex colour such as #1f93ff`, `${field}.color`);
  if (!Number.isInteger(stage.position)) throw fault(`Stage ${id} position must be an integer`, `${field}.position`);
  if (stage.description !== undefined && stage.description !== null && typeof stage.description !== 'string')
    throw fault(`Stage ${id} description must be text`, `${field}.description`);
  return {
    id,
    name: stage.name.trim(),
    color: stage.color,
    position: stage.position!,
    description: stage.description ?? null,
  };
}

/** A funnel's `stages` map: at least one stage, ids unique (a map's keys are), each stage valid. */
export function checkedStages(stages: unknown): FunnelStage[] {
  if (typeof stages !== 'object' || stages === null || Array.isArray(stages))
    throw funnelFault('Stages must be a map of stage id to stage', 'stages');
  const entries = Object.entries(stages);
  if (entries.length === 0) throw funnelFault('A funnel needs at least one stage', 'stages');
  if (entries.length > MAX_STAGES) throw funnelFault(`A funnel has at most ${MAX_STAGES} stages`, 'stages');
  return entries.map(([id, value]) => checkedStage(id, value, `stages.${id}`, funnelFault));
}

/** Definitions cards are validated against. */
export function checkedDefinitions(definitions: unknown): FunnelAttributeDefinition[] {
  if (!Array.isArray(definitions))
    throw funnelFault('global_custom_attributes must be an array', 'global_custom_attributes');
  const keys = new Set<string>();
  return definitions.map((raw, index) => {
    const field = `global_custom_attributes.${index}`;
    if (typeof raw !== 'object' || raw === null) throw funnelFault(`Definition ${index} must be an object`, field);
    const definition = raw as Record<string, unknown>;
    const key = definition.key ?? definition.attribute_key;
    if (typeof key !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(key))
      throw funnelFault(`Definition ${index} needs a key of letters, digits and '_'`, `${field}.key`);
    if (keys.has(key)) throw funnelFault(`Definition key ${key} appears twice`, `${field}.key`);
    keys.add(key);
    const type = definition.type ?? 'text';
    if (!ATTRIBUTE_TYPES.includes(type as never))
      throw funnelFault(`Definition ${key} type must be one of ${ATTRIBUTE_TYPES.join(', ')}`, `${field}.type`);
    const values = definition.values ?? [];
    if (!Array.isArray(values) || values.some((value) => typeof value !== 'string'))
      throw funnelFault(`Definition ${key} values must be strings`, `${field}.values`);
    if (type === 'list' && values.length === 0)
      throw funnelFault(`Definition ${key} is a list without values`, `${field}.values`);
    const name = typeof definition.name === 'string' && definition.name.trim() ? definition.name.trim() : key;
    return {
      key,
      name,
      type: type as FunnelAttributeDefinition['type'],
      values: values as string[],
      required: definition.required === true,
    };
  });
}

/**
 * The positions after a reorder: the listed ids first, in the given order, then the others as
 * they were. Every listed id must be a stage of the funnel, each once.
 */
export function reorderedStages(current: readonly string[], order: readonly string[]): string[] {
  const unknown = order.filter((id) => !current.includes(id));
  if (unknown.length) throw funnelFault(`Not stages of this funnel: ${unknown.join(', ')}`, 'stages');
  const repeated = order.filter((id, index) => order.indexOf(id) !== index);
  if (repeated.length) throw funnelFault(`Listed more than once: ${[...new Set(repeated)].join(', ')}`, 'stages');
  return [...order, ...current.filter((id) => !order.includes(id))];
}

/** A stage id for a stage created without one: its name, as an id, made unique in the funnel. */
export function stageIdFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 56) || 'stage';
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}_${n}`;
  return id;
}
