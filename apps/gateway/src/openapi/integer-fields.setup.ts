import type { OpenAPIObject } from '@nestjs/swagger';

/** Fields that always hold whole numbers, by name: ids (and id lists), counts, page numbers. */
const WHOLE_NUMBER_NAME = /^(id|count|current_page|total_pages)$|_(id|ids|count)$/;

/**
 * Response classes implement the contract's types, where an id or a count is a TypeScript
 * `number` and so a `number` in the document; every public id, count and page number is an
 * integer (generators for other languages would otherwise make them floats). The response-schema
 * suite checks every answer of a test run against this.
 */
export function typeWholeNumbers(document: OpenAPIObject): void {
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    if (!('properties' in schema) || !schema.properties) continue;
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!WHOLE_NUMBER_NAME.test(name) || '$ref' in property) continue;
      if (property.type === 'number') property.type = 'integer';
      else if (
        property.type === 'array' &&
        property.items &&
        'type' in property.items &&
        property.items.type === 'number'
      )
        property.items.type = 'integer';
    }
  }
}
