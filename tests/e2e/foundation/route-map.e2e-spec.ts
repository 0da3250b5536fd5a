import { gatewayClient } from '@parley/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/routes.md is generated from the document built in-process (tools/route-map.ts, checked
 * by `npm run lint`); this checks that it names exactly the operations the running gateway serves.
 */
describe('the route map', () => {
  it('lists every operation of the served OpenAPI document, and nothing else', async () => {
    const document = await gatewayClient().get('/api-docs/json');
    expect(document.status).toBe(200);
    const served = Object.entries(document.body.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const mapped = [
      ...readFileSync(join(__dirname, '../../../docs/routes.md'), 'utf8').matchAll(/^\| ([A-Z]+) \| `([^`]+)` \|/gm),
    ]
      .map(([, method, path]) => `${method} ${path}`)
      .sort();
    expect(mapped).toEqual(served);
  });
});
