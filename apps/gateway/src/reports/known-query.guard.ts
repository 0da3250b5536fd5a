import {
  BadRequestException,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';

const KNOWN_QUERY = Symbol('KNOWN_QUERY');

/** Refuses a query parameter the route does not name (reports answer 400 naming it rather than ignore it). */
@Injectable()
export class KnownQueryGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const known = this.reflector.get<readonly string[]>(KNOWN_QUERY, context.getHandler()) ?? [];
    const query = context.switchToHttp().getRequest<{ query?: Record<string, unknown> }>().query ?? {};
    const unknown = Object.keys(query).filter((key) => !known.includes(key));
    if (unknown.length > 0)
      throw new BadRequestException(`Unknown parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
    return true;
  }
}

export function KnownQuery(keys: readonly string[]): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(KNOWN_QUERY, keys), UseGuards(KnownQueryGuard));
}
