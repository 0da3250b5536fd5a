import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files whose classes become schemas of the OpenAPI document. */
function schemaFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return schemaFiles(path);
    return /\.(responses|dto)\.ts$/.test(name) ? [path] : [];
  });
}

describe('OpenAPI schema names', () => {
  // Swagger names a schema after its class: two classes of one name become one schema, and one
  // route then documents (and the schema suite checks) the other's shape.
  it('gives every response and request class a name of its own', () => {
    const seen = new Map<string, string[]>();
    for (const file of schemaFiles(__dirname)) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/^(?:export )?(?:abstract )?class (\w+)/gm)) {
        seen.set(name, [...(seen.get(name) ?? []), relative(__dirname, file)]);
      }
    }
    expect([...seen].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
