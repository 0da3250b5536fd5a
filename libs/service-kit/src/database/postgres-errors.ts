/** True when `error` is PostgreSQL's unique violation (optionally on one constraint). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } })?.driverError ?? (error as { code?: string; constraint?: string });
  if (driverError?.code !== '23505') return false;
  return constraint === undefined || driverError.constraint === constraint;
}

/** Unix seconds, the form REST bodies use for timestamps. */
export function toUnixSeconds(date: Date): number;
export function toUnixSeconds(date: Date | null | undefined): number | null;
export function toUnixSeconds(date: Date | null | undefined): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}
