import { SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export const EXPENSIVE = Symbol('EXPENSIVE');
export const UNMETERED = Symbol('UNMETERED');

export type ExpensiveWhen = (request: FastifyRequest) => boolean;

/**
 * The reference's own tighter limits: contact search per account, reports per user; `other`
 * for the remaining costly reads (meta counts, imports, exports), per token.
 */
export type ExpensiveKind = 'contact_search' | 'reports' | 'other';

export interface ExpensiveRule {
  kind: ExpensiveKind;
  when: ExpensiveWhen;
}

/**
 * An endpoint that costs far more than a plain read: it also counts against its kind's
 * tighter limit, always or when `when` says so.
 */
export const Expensive = (kind: ExpensiveKind = 'other', when: ExpensiveWhen = () => true) =>
  SetMetadata<symbol, ExpensiveRule>(EXPENSIVE, { kind, when });

/** Probes (health, version) that orchestrators call: not counted even per IP. */
export const Unmetered = () => SetMetadata(UNMETERED, true);
