/** True when `error` is PostgreSQL's unique violation (optionally on one constraint). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } })?.driverError ?? (error as { code?: string; constraint?: string });
  if (driverError?.code !== '23505') return false;
  return constraint === undefined || driverError.constraint === constraint;
}
