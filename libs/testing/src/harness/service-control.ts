import type { ServiceName } from '@parley/contracts';
import { readE2eState } from './e2e-state';

/** Answers the exit code of the process stopped by the action, if any. */
async function control(
  service: ServiceName,
  action: 'restart' | 'stop' | 'start' | 'pause' | 'resume' | 'start-replica' | 'stop-replicas',
  body: object = {},
): Promise<number | null> {
  const response = await fetch(`${readE2eState().controlUrl}/services/${service}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${action} ${service} failed: ${await response.text()}`);
  return ((await response.json()) as { exit_code: number | null }).exit_code;
}

/** Stops a service (SIGTERM, or SIGKILL for a crash) and starts it again, with optional settings for this start. */
export function restartService(
  service: ServiceName,
  options: { env?: Record<string, string>; signal?: NodeJS.Signals } = {},
): Promise<number | null> {
  return control(service, 'restart', options);
}

/** Stops a service and answers its exit code. */
export function stopService(service: ServiceName, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return control(service, 'stop', { signal });
}

export async function startService(service: ServiceName, env: Record<string, string> = {}): Promise<void> {
  await control(service, 'start', { env });
}

/** Freezes a service so it answers nothing (a hung process), until resumeService. */
export async function pauseService(service: ServiceName): Promise<void> {
  await control(service, 'pause');
}

export async function resumeService(service: ServiceName): Promise<void> {
  await control(service, 'resume');
}

/** Starts one more instance of a backend service (same queue group and schema), with optional settings of its own. */
export async function startReplica(service: ServiceName, env: Record<string, string> = {}): Promise<void> {
  await control(service, 'start-replica', { env });
}

export async function stopReplicas(service: ServiceName): Promise<void> {
  await control(service, 'stop-replicas');
}
