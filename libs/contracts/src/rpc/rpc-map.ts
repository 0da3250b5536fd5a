import type { IdentityRpc } from '../identity/identity.patterns';
import type { LabelsRpc } from '../labels/labels.patterns';
import type { HealthReport } from '../health/health';

/** Every request/reply pattern of the system, with its request and response types. */
export interface RpcMap extends IdentityRpc, LabelsRpc {}

export type RpcPattern = keyof RpcMap;
export type RpcRequest<P extends RpcPattern> = RpcMap[P]['request'];
export type RpcResponse<P extends RpcPattern> = RpcMap[P]['response'];

/** Health checks are answered by every service under its own name; they sit outside the typed map. */
export type HealthResponse = HealthReport;
