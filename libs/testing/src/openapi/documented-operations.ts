import Ajv from 'ajv';

type JsonSchema = { [keyword: string]: unknown };

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One operation of the served document and what it promises on success. */
export interface DocumentedOperation {
  /** `GET /api/v1/accounts/{account_id}/labels` */
  key: string;
  method: string;
  template: string;
  status: number;
  /** The media type of the success body; null when it has none (204). */
  contentType: string | null;
  /** Problems of a JSON success body against the documented schema (empty when it fits); null for non-JSON answers. */
  problems: ((body: unknown) => string[]) | null;
  matches(path: string): boolean;
}

const DOCUMENT_ID = 'openapi.json';
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * OpenAPI 3.0 schema → JSON Schema: `nullable` becomes a null alternative, references point into
 * the document registered under DOCUMENT_ID, and an object that names its properties admits no
 * others (unless it says so): an undocumented field is a gap in the document.
 */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as JsonSchema;
  const converted: JsonSchema = {};
  for (const [keyword, value] of Object.entries(rest)) {
    if (keyword === '$ref' && typeof value === 'string') converted.$ref = value.replace(/^#/, `${DOCUMENT_ID}#`);
    else if (keyword === 'properties' && value && typeof value === 'object') {
      converted.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, toJsonSchema(property)]),
      );
    } else converted[keyword] = toJsonSchema(value);
  }
  if (converted.properties && converted.additionalProperties === undefined) converted.additionalProperties = false;
  return nullable ? { anyOf: [{ type: 'null' }, converted] } : converted;
}

/** `/contacts/{id}` → a pattern for concrete paths; `{path}` (the attachments route's wildcard) spans segments. */
function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace('{path}', '.+').replace(/\{[a-z_]+\}/g, '[^/]+')}/?$`);
}

/** Every operation of the document with a validator for its success answer. */
export function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: toJsonSchema(document.components?.schemas ?? {}) } });
  const operations: DocumentedOperation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    const pattern = templatePattern(template);
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const [status, response] = Object.entries(operation.responses ?? {}).find(([code]) => code.startsWith('2')) ?? [];
      if (!status) throw new Error(`${method.toUpperCase()} ${template} documents no success answer`);
      const [contentType, media] = Object.entries(response?.content ?? {})[0] ?? [null, undefined];
      let problems: DocumentedOperation['problems'] = null;
      if (contentType === 'application/json' && media?.schema) {
        const validate = ajv.compile(toJsonSchema(media.schema) as JsonSchema);
        problems = (body) =>
          validate(body)
            ? []
            : (validate.errors ?? []).map(
                (error) =>
                  `${error.instancePath || '(body)'} ${error.message}${error.params && 'additionalProperty' in error.params ? `: ${String(error.params.additionalProperty)}` : ''}`,
              );
      }
      operations.push({
        key: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        status: Number(status),
        contentType,
        problems,
        matches: (path) => pattern.test(path),
      });
    }
  }
  return operations;
}

/** The operation a concrete request went to: literal segments win over parameters (`contacts/search` over `contacts/{id}`). */
export function operationOf(
  operations: DocumentedOperation[],
  method: string,
  path: string,
): DocumentedOperation | undefined {
  const candidates = operations.filter((operation) => operation.method === method && operation.matches(path));
  return candidates.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))[0];
}
