import { SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export const EXPENSIVE = Symbol('EXPENSIVE');

export type ExpensiveWhen = (request: FastifyRequest) => boolean;

/**
 * An endpoint that costs far more than a plain read (search, counts, imports, exports,
 * reports): it gets the tighter per-token limit, always or when `when` says so.
 */
export const Expensive = (when: ExpensiveWhen = () => true) => SetMetadata(EXPENSIVE, when);
