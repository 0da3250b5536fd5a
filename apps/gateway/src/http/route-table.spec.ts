import { undocumentedRoutes } from './route-table.rules';

describe('undocumentedRoutes', () => {
  const paths = {
    '/api/v1/accounts/{account_id}/labels/{id}': { get: {}, patch: {} },
    '/attachments/{path}': { get: {} },
  };

  it('matches Fastify routes to documented paths, parameters and wildcards included', () => {
    expect(
      undocumentedRoutes(
        [
          { method: ['GET', 'HEAD'], url: '/api/v1/accounts/:account_id/labels/:id' },
          { method: 'PATCH', url: '/api/v1/accounts/:account_id/labels/:id' },
          { method: 'GET', url: '/attachments/*' },
          { method: 'GET', url: '/api-docs/json' },
        ],
        paths,
      ),
    ).toEqual([]);
  });

  it('names every served route the document misses', () => {
    expect(
      undocumentedRoutes([{ method: ['DELETE', 'PUT'], url: '/api/v1/accounts/:account_id/labels/:id' }], paths),
    ).toEqual(['DELETE /api/v1/accounts/{account_id}/labels/{id}', 'PUT /api/v1/accounts/{account_id}/labels/{id}']);
  });
});
