import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort } from '../environment/free-port';
import { ServiceProcess } from '../system/service-process';
import { readE2eState } from './e2e-state';

export interface ExtraGateway {
  url: string;
  port: number;
  process: ServiceProcess;
}

/**
 * One more gateway in front of this run's services, with settings of a suite's own (rate
 * limits, timeouts, proxies). The caller stops it (`process.stop()`).
 */
export async function startExtraGateway(name: string, env: Record<string, string> = {}): Promise<ExtraGateway> {
  const state = readE2eState();
  const port = await freePort();
  const gateway = new ServiceProcess({
    name,
    script: join(process.cwd(), 'dist', 'apps', 'gateway', 'src', 'main.js'),
    cwd: process.cwd(),
    env: {
      NATS_URL: state.natsUrl,
      NATS_NAMESPACE: state.namespace,
      PLATFORM_API_TOKEN: state.platformApiToken,
      ATTACHMENT_URL_SECRET: randomBytes(24).toString('base64url'),
      STORAGE_DIR: join(state.logDir, 'storage'),
      LOG_LEVEL: 'warn',
      PORT: String(port),
      ...env,
    },
    readyUrl: `http://127.0.0.1:${port}/health/live`,
    logFile: join(state.logDir, `${name}.log`),
  });
  await gateway.start();
  return { url: `http://127.0.0.1:${port}`, port, process: gateway };
}
