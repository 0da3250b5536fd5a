import { EnvReader } from '@parley/service-kit';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.rules';

export interface GatewayConfig {
  /** Guards the Platform API; when unset, the Platform API answers 401 to everyone. */
  platformApiToken: string | undefined;
  bodyLimitBytes: number;
  tokenCacheTtlMs: number;
  /** How long a client may take to send a whole request (headers and body) before a 408. */
  requestTimeoutMs: number;
  /** Whose X-Forwarded-For names the client (rate limits per IP count that address). */
  trustProxy: TrustProxy;
  /** Where clients and providers reach the gateway: the OpenAPI document's server; Twilio signs the full URL it posted to. */
  publicUrl: string;
  /** `/cable`: sockets holding a subscription with one pubsub token (several tabs), and open sockets per client address. */
  realtimeSocketsPerToken: number;
  realtimeSocketsPerIp: number;
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const read = new EnvReader(env);
  const config: GatewayConfig = {
    platformApiToken: read.optionalString('PLATFORM_API_TOKEN'),
    // Requests travel to services as NATS messages (1 MB by default): keep room for the envelope.
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', { default: 512 * 1024, min: 1024, max: 200 * 1024 * 1024 }),
    tokenCacheTtlMs: read.int('TOKEN_CACHE_TTL_MS', { default: 60_000, min: 0, max: 3_600_000 }),
    // Node's own default: a 100 MB attachment at about 3 Mbit/s; trickled bodies still let go.
    requestTimeoutMs: read.int('REQUEST_TIMEOUT_MS', { default: 300_000, min: 1000, max: 3_600_000 }),
    trustProxy: false,
    publicUrl: read.url('PUBLIC_URL', ['http', 'https'], { default: 'http://127.0.0.1:3000' }).replace(/\/+$/, ''),
    realtimeSocketsPerToken: read.int('REALTIME_MAX_SOCKETS_PER_TOKEN', { default: 20, min: 1, max: 10_000 }),
    realtimeSocketsPerIp: read.int('REALTIME_MAX_SOCKETS_PER_IP', { default: 1000, min: 1, max: 1_000_000 }),
  };
  const trust = parseTrustProxy(env.TRUST_PROXY);
  if ('problem' in trust) read.report(trust.problem);
  else config.trustProxy = trust.trust;
  if (config.platformApiToken !== undefined && config.platformApiToken.length < 16) {
    read.report('PLATFORM_API_TOKEN: must be at least 16 characters');
  }
  read.assertValid('gateway');
  return config;
}
