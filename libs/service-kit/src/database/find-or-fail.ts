import type { FindOptionsWhere, ObjectLiteral, Repository } from 'typeorm';
import { NotFoundError } from '../rpc/domain-error';

/** The one not-found guard: a missing row is a 404 naming the resource. */
export async function findOneOrFail<T extends ObjectLiteral>(
  repository: Repository<T>,
  where: FindOptionsWhere<T>,
  resource: string,
): Promise<T> {
  const found = await repository.findOneBy(where);
  if (!found) throw new NotFoundError(resource);
  return found;
}
