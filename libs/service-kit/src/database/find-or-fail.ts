import type { ErrorCode } from '@parley/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../rpc/domain-error';

/**
 * The one not-found guard over SQL: the first row of a SELECT (which may lock it, `FOR UPDATE`), or
 * `code` with "<resource> not found". Not for UPDATE/DELETE … RETURNING, whose result TypeORM
 * wraps as [rows, count].
 */
export async function selectOneOrFail<T>(
  on: EntityManager | DataSource,
  text: string,
  values: unknown[],
  resource: string,
  code: ErrorCode,
): Promise<T> {
  const [found] = (await on.query(text, values)) as T[];
  if (!found) throw new DomainError(code, `${resource} not found`);
  return found;
}
