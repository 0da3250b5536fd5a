import { renderRouteMap, routesOf } from './route-map';

describe('renderRouteMap', () => {
  const routes = routesOf({
    '/api/v1/accounts/{account_id}/labels': {
      post: { operationId: 'LabelsController_create', tags: ['labels'] },
      get: { operationId: 'LabelsController_list[1]', tags: ['labels'] },
    },
    '/metrics': { get: { operationId: 'HealthController_scrape', tags: ['health'] } },
  });
  const calls = new Map([
    [
      'LabelsController_list',
      { file: 'apps/gateway/src/labels/labels.controller.ts', subjects: ['messaging.labels.list'] },
    ],
    [
      'LabelsController_create',
      { file: 'apps/gateway/src/labels/labels.controller.ts', subjects: ['messaging.labels.create'] },
    ],
    ['HealthController_scrape', { file: 'apps/gateway/src/health/health.controller.ts', subjects: [] }],
  ]);
  const handlers = new Map([
    [
      'messaging.labels.list',
      { service: 'messaging', feature: 'labels', file: 'apps/messaging/src/labels/labels.handlers.ts' },
    ],
  ]);
  const rows = renderRouteMap(routes, calls, handlers)
    .split('\n')
    .filter((line) => /^\| [A-Z]+ \|/.test(line));

  it('groups by tag and orders rows by path, then GET before POST', () => {
    expect(rows.map((row) => row.split(' | ').slice(0, 2).join(' '))).toEqual([
      '| GET `/metrics`',
      '| GET `/api/v1/accounts/{account_id}/labels`',
      '| POST `/api/v1/accounts/{account_id}/labels`',
    ]);
  });

  it('links the gateway method and the handler, one operation per path of a method included', () => {
    expect(rows[1]).toBe(
      '| GET | `/api/v1/accounts/{account_id}/labels` | [LabelsController.list](../apps/gateway/src/labels/labels.controller.ts) | `messaging.labels.list` | [messaging › labels](../apps/messaging/src/labels/labels.handlers.ts) |',
    );
  });

  it('says when the gateway answers alone, and when no service handles a pattern', () => {
    expect(rows[0]).toContain('| — | the gateway alone |');
    expect(rows[2]).toContain('| `messaging.labels.create` | **no handler** |');
  });
});
