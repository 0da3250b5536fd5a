import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Derives a JSON Schema for every RPC request (`RpcMap`) and every event (`EventEnvelope`, and
 * each `data` of `EventMap`) from the contracts' TypeScript types, so services check what
 * arrives over NATS against the one declaration both sides compile with. Writes
 * `libs/contracts/src/contract.schemas.ts` (its spec fails while that file is not what the types say).
 *
 * Objects accept properties they do not name (contracts grow by adding fields); literals are
 * checked as their JSON type (the allowed values are the service's rule); `unknown`, `Date` and
 * recursive references accept anything.
 */
export type JsonSchema = { [key: string]: unknown };

const OUTPUT = 'libs/contracts/src/contract.schemas.ts';
const MAX_DEPTH = 16;
/** The contracts need no DOM: without it no global `Node` or `Event` can leak into them. */
export const PROGRAM_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  lib: ['lib.es2023.d.ts'],
};

export function schemaOf(checker: ts.TypeChecker, type: ts.Type, path: ts.Type[] = []): JsonSchema {
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter)) return {};
  // A literal is checked as its JSON type: which values are allowed is the owning service's rule
  // (answered 422 naming the field), not a malformed message.
  if (flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return { type: 'boolean' };
  if (
    flags &
    (ts.TypeFlags.String | ts.TypeFlags.StringLiteral | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)
  )
    return { type: 'string' };
  if (flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return { type: 'number' };
  if (flags & ts.TypeFlags.Null) return { type: 'null' };
  if (flags & ts.TypeFlags.NonPrimitive) return { type: 'object' };
  if (type.isUnion()) return unionSchema(checker, type, path);
  if (!(flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return {};
  // Past MAX_DEPTH nested objects (a recursive generic), accept anything rather than expand forever.
  if (path.includes(type) || path.length >= MAX_DEPTH || type.getSymbol()?.getName() === 'Date') return {};
  const inner = [...path, type];
  if (checker.isTupleType(type)) {
    const items = checker.getTypeArguments(type as ts.TypeReference).map((item) => schemaOf(checker, item, inner));
    return { type: 'array', items, minItems: (type as ts.TypeReference & { target: ts.TupleType }).target.minLength };
  }
  if (checker.isArrayType(type))
    return { type: 'array', items: schemaOf(checker, checker.getTypeArguments(type as ts.TypeReference)[0], inner) };
  if (type.getCallSignatures().length > 0) return {};
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const property of checker.getPropertiesOfType(type)) {
    const propertyType = checker.getTypeOfSymbol(property);
    if (checker.getNonNullableType(propertyType).flags & ts.TypeFlags.Never) continue;
    properties[property.getName()] = schemaOf(checker, propertyType, inner);
    if (!(property.flags & ts.SymbolFlags.Optional) && !acceptsUndefined(propertyType))
      required.push(property.getName());
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  const index =
    checker.getIndexInfoOfType(type, ts.IndexKind.String) ?? checker.getIndexInfoOfType(type, ts.IndexKind.Number);
  if (index) schema.additionalProperties = schemaOf(checker, index.type, inner);
  return schema;
}

function acceptsUndefined(type: ts.Type): boolean {
  return type.isUnion()
    ? type.types.some((member) => member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))
    : false;
}

function unionSchema(checker: ts.TypeChecker, type: ts.UnionType, path: ts.Type[]): JsonSchema {
  const members = type.types.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
  const distinct = new Map<string, JsonSchema>();
  for (const member of members) {
    const schema = schemaOf(checker, member, path);
    distinct.set(JSON.stringify(schema), schema);
  }
  const schemas = [...distinct.values()];
  if (schemas.some((schema) => Object.keys(schema).length === 0)) return {};
  if (schemas.length === 1) return schemas[0];
  // `string | null` as `type: [null, string]`: one clear complaint instead of one per branch.
  if (schemas.every((schema) => Object.keys(schema).length === 1 && typeof schema.type === 'string'))
    return { type: schemas.map((schema) => schema.type) };
  return { anyOf: schemas };
}

/** The properties of an interface of the contracts, each with its type. */
function membersOf(
  checker: ts.TypeChecker,
  program: ts.Program,
  file: string,
  name: string,
): Array<[string, ts.Type, ts.Node]> {
  const source = program.getSourceFile(file);
  const declaration = source?.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === name,
  );
  if (!declaration) throw new Error(`${name} not found in ${file}`);
  const type = checker.getTypeAtLocation(declaration.name);
  return checker
    .getPropertiesOfType(type)
    .map((property) => [property.getName(), checker.getTypeOfSymbolAtLocation(property, declaration), declaration]);
}

export function contractSchemas(root: string): {
  requests: Record<string, JsonSchema>;
  events: Record<string, JsonSchema>;
  envelope: JsonSchema;
} {
  const contracts = join(root, 'libs/contracts/src');
  const program = ts.createProgram([join(contracts, 'index.ts')], PROGRAM_OPTIONS);
  const checker = program.getTypeChecker();
  const requests: Record<string, JsonSchema> = {};
  for (const [pattern, entry] of membersOf(checker, program, join(contracts, 'rpc/rpc-map.ts'), 'RpcMap').sort(
    ([a], [b]) => a.localeCompare(b),
  )) {
    const request = entry.getProperty('request');
    if (request) requests[pattern] = schemaOf(checker, checker.getTypeOfSymbol(request));
  }
  const events: Record<string, JsonSchema> = {};
  for (const [type, data] of membersOf(checker, program, join(contracts, 'events/event-map.ts'), 'EventMap').sort(
    ([a], [b]) => a.localeCompare(b),
  )) {
    events[type] = schemaOf(checker, data);
  }
  const envelopeFile = program.getSourceFile(join(contracts, 'events/envelope.ts'))!;
  const envelopeDeclaration = envelopeFile.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'EventEnvelope',
  )!;
  const envelope = schemaOf(checker, checker.getTypeAtLocation(envelopeDeclaration.name));
  return { requests, events, envelope };
}

export function render(schemas: ReturnType<typeof contractSchemas>): string {
  return `/* Generated by tools/generate-contract-schemas.ts from the contracts' types: do not edit. */
export type ContractSchema = { [key: string]: unknown };

/** The JSON Schema of every RPC pattern's request. */
export const REQUEST_SCHEMAS: Record<string, ContractSchema> = ${JSON.stringify(schemas.requests)};

/** The JSON Schema of every event type's \`data\`. */
export const EVENT_DATA_SCHEMAS: Record<string, ContractSchema> = ${JSON.stringify(schemas.events)};

/** The JSON Schema of the envelope every event travels in (its \`data\` checked by type). */
export const EVENT_ENVELOPE_SCHEMA: ContractSchema = ${JSON.stringify(schemas.envelope)};
`;
}

if (require.main === module) writeFileSync(join(process.cwd(), OUTPUT), render(contractSchemas(process.cwd())));
