import type { ErrorCode } from '@parley/contracts';
import type { FindOptionsWhere, ObjectLiteral, Repository } from 'typeorm';
import { DomainError } from '../rpc/domain-error';

/** The one not-found guard: a missing row raises `code` with "<resource> not found". */
export async function findOneOrFail<T extends ObjectLiteral>(
  repository: Repository<T>,
  where: FindOptionsWhere<T>,
  resource: string,
  code: ErrorCode,
): Promise<T> {
  const found = await repository.findOneBy(where);
  if (!found) throw new DomainError(code, `${resource} not found`);
  return found;
}
