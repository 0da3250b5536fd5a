import { Injectable } from '@nestjs/common';
import { PublicApiPatterns, type PublicInboxKind } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Which kind of inbox (and account) a public token names, kept a minute: the per-inbox limits
 * of web widgets and the storage of a visitor's files need it before the call is forwarded.
 * An inbox's kind never changes; a deleted one is found out by messaging on the call itself.
 */
@Injectable()
export class PublicInboxKindsService {
  private readonly known = new Map<string, { value: PublicInboxKind; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  async of(token: string): Promise<PublicInboxKind> {
    const now = Date.now();
    const cached = this.known.get(token);
    if (cached && cached.until > now) return cached.value;
    const value = await this.rpc.send(PublicApiPatterns.inboxKind, { inbox_token: token });
    // Unknown tokens are not kept: guessing them must not fill the cache.
    if (value.kind === null) return value;
    if (this.known.size >= MAX_ENTRIES) this.known.delete(this.known.keys().next().value!);
    this.known.set(token, { value, until: now + TTL_MS });
    return value;
  }
}
