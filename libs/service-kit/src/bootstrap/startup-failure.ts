import type { ServiceConfig } from '../config/service-config';

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Names the dependency that failed, so an operator knows what to start or fix. */
export function describeStartupFailure(error: unknown, config: ServiceConfig): string {
  const message = (error as Error)?.message ?? String(error);
  const code = (error as { code?: string })?.code;
  if (code === 'CONNECTION_REFUSED' || /nats/i.test(message)) {
    return `cannot use NATS at ${config.nats.url} (${message}). Is nats-server running with JetStream (-js)?`;
  }
  if (code === 'ECONNREFUSED' || code === '28P01' || code === '3D000' || /postgres|database/i.test(message)) {
    return `cannot use PostgreSQL at ${config.database ? redact(config.database.url) : '(none)'} (${message})`;
  }
  if (code === 'EADDRINUSE') return `port ${config.port} is already in use`;
  return (error as Error)?.stack ?? message;
}
