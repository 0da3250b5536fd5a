import { ApiProperty } from '@nestjs/swagger';
import type { HealthState } from '@parley/contracts';
import type { SystemHealth } from './system-health.service';

const STATES: HealthState[] = ['up', 'down'];
const state = { type: 'string', enum: STATES };

/** One service's readiness: its own state and each of its checks (nats, database, …). */
const serviceReport = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: state,
    checks: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['status'],
        properties: { status: state, message: { type: 'string', description: 'Why it is down' } },
      },
    },
  },
};

export class SystemHealthView implements SystemHealth {
  @ApiProperty({ enum: STATES }) status: HealthState;
  @ApiProperty({ type: 'object', additionalProperties: serviceReport, description: 'By service, the gateway included' })
  services: SystemHealth['services'];
}

export class HealthStateView {
  @ApiProperty({ enum: STATES }) status: HealthState;
}
