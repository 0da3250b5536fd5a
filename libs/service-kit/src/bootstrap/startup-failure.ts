import type { ServiceConfig } from '../config/service-config';

/** The URL without its password, and without its user too where that is a token (NATS's `nats://<token>@host`). */
function redact(url: string, options: { user?: boolean } = {}): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    if (options.user && parsed.username) parsed.username = '***';
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
    return `cannot use NATS at ${config.nats.servers.map((server) => redact(server, { user: true })).join(', ')} (${message}). Is nats-server running with JetStream (-js)?`;
  }
  if (code === 'ECONNREFUSED' || code === '28P01' || code === '3D000' || /postgres|database/i.test(message)) {
    return `cannot use PostgreSQL at ${config.database ? redact(config.database.url) : '(none)'} (${message})`;
  }
  if (code === 'EADDRINUSE') return `port ${config.port} is already in use`;
  return (error as Error)?.stack ?? message;
}
