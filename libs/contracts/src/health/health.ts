import type { ServiceName } from '../services';

export type HealthState = 'up' | 'down';

export interface HealthReport {
  service: ServiceName;
  status: HealthState;
  checks: Record<string, { status: HealthState; message?: string }>;
}

/** Every backend service answers this query with its readiness. */
export function healthPattern(service: ServiceName): string {
  return `${service}.health.check`;
}
