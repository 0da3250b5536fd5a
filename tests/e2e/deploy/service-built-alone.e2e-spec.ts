import {
  BACKEND_SERVICES,
  BUILT_CONTRACT_CHECKS_PATH,
  contractCheckSchemas,
  type ServiceName,
} from '@parley/contracts';
import { createRunDatabase, dropRunDatabase, freePort, readE2eState, ServiceProcess } from '@parley/testing';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const DEPLOYABLES: ServiceName[] = [...BACKEND_SERVICES, 'gateway'];
/** What any service may need besides itself; test helpers never belong to a build. */
const RUNTIME_LIBRARIES = ['channels', 'contracts', 'domain-rules', 'realtime', 'service-kit'];

interface GraphFile {
  graph: {
    nodes: Record<string, { data: { targets: Record<string, { executor: string; options: { command: string } }> } }>;
  };
}

/**
 * The platform teams' path: what `nx run <service>:build` runs compiles one deployable into an
 * empty folder, and it starts from that folder alone and reports ready against PostgreSQL and
 * NATS. A database and NATS namespace of its own, so nothing of the shared system is touched.
 */
describe('each service built alone', () => {
  const state = readE2eState();
  const databaseName = `${new URL(state.databaseUrl).pathname.slice(1)}_alone`;
  const adminUrl = Object.assign(new URL(state.databaseUrl), { pathname: '/postgres' }).toString();
  const buildsDir = join(state.logDir, 'built-alone');
  let env: Record<string, string>;
  let graph: GraphFile['graph'];

  beforeAll(async () => {
    // Each project's targets as Nx resolves them (target defaults included), read once.
    const graphFile = join(buildsDir, 'project-graph.json');
    await run(process.execPath, [require.resolve('nx/bin/nx.js'), 'graph', `--file=${graphFile}`], {
      cwd: process.cwd(),
    });
    graph = (JSON.parse(readFileSync(graphFile, 'utf8')) as GraphFile).graph;
    env = {
      DATABASE_URL: await createRunDatabase(adminUrl, databaseName),
      NATS_URL: state.natsUrl,
      NATS_NAMESPACE: `${state.namespace}_alone`,
      PLATFORM_API_TOKEN: randomBytes(24).toString('base64url'),
      ATTACHMENT_URL_SECRET: randomBytes(24).toString('base64url'),
      STORAGE_DIR: join(buildsDir, 'storage'),
      DB_POOL_SIZE: '2',
      LOG_LEVEL: 'warn',
    };
  }, 60_000);

  afterAll(async () => {
    rmSync(buildsDir, { recursive: true, force: true });
    await dropRunDatabase(adminUrl, databaseName).catch(() => undefined);
  });

  it.each(DEPLOYABLES)(
    '%s compiles into an empty folder and starts from it',
    async (service) => {
      const outDir = join(buildsDir, service);
      mkdirSync(outDir, { recursive: true });
      expect(readdirSync(outDir)).toEqual([]);

      const build = graph.nodes[service].data.targets.build;
      expect(build.executor).toBe('nx:run-commands');
      // nx run-commands appends the arguments it is given, as here.
      await run('sh', ['-c', `${build.options.command} --out-dir '${outDir}'`], { cwd: process.cwd() });
      expect(readdirSync(join(outDir, 'apps'))).toEqual([service]);
      expect(RUNTIME_LIBRARIES).toEqual(expect.arrayContaining(readdirSync(join(outDir, 'libs'))));
      // Its contract checks compiled ahead, as in the full build: none compiled at run time.
      expect(readdirSync(join(outDir, BUILT_CONTRACT_CHECKS_PATH))).toHaveLength(contractCheckSchemas().size);

      const port = await freePort();
      const portSetting = service === 'gateway' ? 'PORT' : `${service.toUpperCase().replace(/-/g, '_')}_HEALTH_PORT`;
      const started = new ServiceProcess({
        name: `${service}-alone`,
        script: join(outDir, 'apps', service, 'src', 'main.js'),
        cwd: process.cwd(),
        env: { ...env, [portSetting]: String(port) },
        readyUrl: `http://127.0.0.1:${port}/health/ready`,
        logFile: join(state.logDir, `${service}-alone.log`),
      });
      try {
        await started.start();
        if (service === 'gateway') {
          // The web widget's script is part of the gateway's build.
          const script = await fetch(`http://127.0.0.1:${port}/packs/js/sdk.js`);
          expect(script.status).toBe(200);
          expect(await script.text()).toContain('chatwootSDK');
        }
      } finally {
        await started.stop();
      }
    },
    120_000,
  );
});
