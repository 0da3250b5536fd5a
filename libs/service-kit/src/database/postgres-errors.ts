/** True when `error` is PostgreSQL's unique violation (optionally on one constraint). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError =
    (error as { driverError?: { code?: string; constraint?: string } })?.driverError ??
    (error as { code?: string; constraint?: string });
  if (driverError?.code !== '23505') return false;
  return constraint === undefined || driverError.constraint === constraint;
}

/** True when `error` is PostgreSQL's foreign key violation (a row still referenced, or a reference to none). */
export function isForeignKeyViolation(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string } })?.driverError ?? (error as { code?: string });
  return driverError?.code === '23503';
}
