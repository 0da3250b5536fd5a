/** Network-level failures reaching PostgreSQL, as the pg driver reports them. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** Server-side codes meaning "not now": shutting down, starting up, too many connections. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Connection ended unexpectedly|Client has encountered a connection error/i;

/**
 * Whether a failure means the database cannot be reached right now (as opposed to a bad query):
 * such a request is answered "temporarily unavailable" (503), never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const candidates = [error, (error as { driverError?: unknown })?.driverError, (error as { cause?: unknown })?.cause];
  return candidates.some((candidate) => {
    if (!candidate || typeof candidate !== 'object') return false;
    const code = String((candidate as { code?: unknown }).code ?? '');
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true;
    return LOST_CONNECTION.test(String((candidate as { message?: unknown }).message ?? ''));
  });
}
