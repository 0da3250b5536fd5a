import type { ServiceName } from '@parley/contracts';
import { readE2eState } from './e2e-state';

async function control(service: ServiceName, action: 'restart' | 'stop' | 'start' | 'pause' | 'resume', body: object = {}): Promise<void> {
  const response = await fetch(`${readE2eState().controlUrl}/services/${service}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 204) throw new Error(`${action} ${service} failed: ${await response.text()}`);
}

/** Stops a service (SIGTERM, or SIGKILL for a crash) and starts it again, with optional settings for this start. */
export function restartService(service: ServiceName, options: { env?: Record<string, string>; signal?: NodeJS.Signals } = {}): Promise<void> {
  return control(service, 'restart', options);
}

export function stopService(service: ServiceName, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return control(service, 'stop', { signal });
}

export function startService(service: ServiceName, env: Record<string, string> = {}): Promise<void> {
  return control(service, 'start', { env });
}

/** Freezes a service so it answers nothing (a hung process), until resumeService. */
export function pauseService(service: ServiceName): Promise<void> {
  return control(service, 'pause');
}

export function resumeService(service: ServiceName): Promise<void> {
  return control(service, 'resume');
}
