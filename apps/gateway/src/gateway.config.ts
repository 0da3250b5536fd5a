import { EnvReader } from '@parley/service-kit';

export interface GatewayConfig {
  /** Guards the Platform API; when unset, the Platform API answers 401 to everyone. */
  platformApiToken: string | undefined;
  bodyLimitBytes: number;
  tokenCacheTtlMs: number;
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const read = new EnvReader(env);
  const config: GatewayConfig = {
    platformApiToken: read.optionalString('PLATFORM_API_TOKEN'),
    // Requests travel to services as NATS messages (1 MB by default): keep room for the envelope.
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', { default: 512 * 1024, min: 1024, max: 200 * 1024 * 1024 }),
    tokenCacheTtlMs: read.int('TOKEN_CACHE_TTL_MS', { default: 60_000, min: 0, max: 3_600_000 }),
  };
  if (config.platformApiToken !== undefined && config.platformApiToken.length < 16) {
    read.report('PLATFORM_API_TOKEN: must be at least 16 characters');
  }
  read.assertValid('gateway');
  return config;
}
