import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayCalls, serviceHandlers } from './rpc-map';

const patterns = {
  LabelPatterns: { list: 'messaging.labels.list', update: 'messaging.labels.update' },
  ModelPatterns: { state: 'reporting.model.state' },
  healthPattern: (service: string) => `${service}.health.check`,
};

describe('gatewayCalls', () => {
  const files = [
    {
      file: 'labels.controller.ts',
      text: `
import { LabelPatterns as P, ModelPatterns } from '@parley/contracts';
class Routes {
  constructor(protected readonly rpc: RpcClient) {}
  protected updateIn(id: number) { return this.rpc.send(P.update, { id }); }
}
export class LabelsController extends Routes {
  constructor(rpc: RpcClient, private readonly health: HealthService) { super(rpc); }
  list() { return forward(this.rpc, P.list); }
  update(id: number) { return this.updateIn(id); }
  replace(id: number) { return this.update(id); }
  async state() { await this.health.up(); return this.rpc.send(ModelPatterns.state, {}); }
  version() { return '1'; }
}
const forward = (rpc: RpcClient, pattern: string) => rpc.send(pattern, {});`,
    },
    {
      file: 'health.service.ts',
      text: `
import { healthPattern } from '@parley/contracts';
export class HealthService {
  up() { return this.ask('messaging'); }
  private ask(service: string) { return this.rpc.send(healthPattern(service), {}); }
}`,
    },
  ];
  const calls = gatewayCalls('', patterns, files);
  const subjects = (operationId: string) => calls.get(operationId)?.subjects;

  it('resolves patterns named through an import alias, by the contracts constant', () => {
    expect(subjects('LabelsController_list')).toEqual(['messaging.labels.list']);
    expect(calls.get('LabelsController_list')?.file).toBe('labels.controller.ts');
  });

  it('follows the methods a handler calls, inherited ones included', () => {
    expect(subjects('LabelsController_update')).toEqual(['messaging.labels.update']);
    expect(subjects('LabelsController_replace')).toEqual(['messaging.labels.update']);
  });

  it('follows injected gateway classes and names pattern functions with <service>', () => {
    expect(subjects('LabelsController_state')).toEqual(['<service>.health.check', 'reporting.model.state']);
  });

  it('has no subject for what the gateway answers alone', () => {
    expect(subjects('LabelsController_version')).toEqual([]);
  });
});

describe('serviceHandlers', () => {
  it('finds the service and feature folder of each @MessagePattern', () => {
    const root = mkdtempSync(join(tmpdir(), 'rpc-map-'));
    try {
      mkdirSync(join(root, 'apps/messaging/src/labels'), { recursive: true });
      mkdirSync(join(root, 'apps/reporting/src/read-models/messaging-view'), { recursive: true });
      mkdirSync(join(root, 'libs/service-kit/src/health'), { recursive: true });
      writeFileSync(
        join(root, 'apps/messaging/src/labels/labels.handlers.ts'),
        `import { LabelPatterns as P } from '@parley/contracts';\nexport class LabelsHandlers {\n  @MessagePattern(P.list)\n  list() {}\n}\n`,
      );
      writeFileSync(
        join(root, 'apps/reporting/src/read-models/messaging-view/model.handlers.ts'),
        `import { ModelPatterns } from '@parley/contracts';\nexport class ModelHandlers {\n  @MessagePattern(ModelPatterns.state)\n  state() {}\n}\n`,
      );
      writeFileSync(
        join(root, 'libs/service-kit/src/health/health.controllers.ts'),
        `import { healthPattern } from '@parley/contracts';\nclass Health {\n  @MessagePattern(healthPattern(service))\n  check() {}\n}\n`,
      );
      expect(Object.fromEntries(serviceHandlers(root, patterns))).toEqual({
        'messaging.labels.list': {
          service: 'messaging',
          feature: 'labels',
          file: 'apps/messaging/src/labels/labels.handlers.ts',
        },
        'reporting.model.state': {
          service: 'reporting',
          feature: 'read-models/messaging-view',
          file: 'apps/reporting/src/read-models/messaging-view/model.handlers.ts',
        },
        '<service>.health.check': {
          service: 'every service (service-kit)',
          feature: 'health',
          file: 'libs/service-kit/src/health/health.controllers.ts',
        },
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
