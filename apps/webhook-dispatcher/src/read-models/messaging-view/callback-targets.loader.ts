import { Injectable } from '@nestjs/common';
import { InboxPatterns, type InboxCallbackTarget } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';

/** Long enough to spare messaging a request per attempt, short enough that a changed URL or secret applies soon. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/**
 * Where an API inbox's events go and the secret that signs them, asked of messaging (events
 * never carry the secret) and kept briefly.
 */
@Injectable()
export class CallbackTargets {
  private readonly cache = new Map<number, { target: InboxCallbackTarget | null; expiresAt: number }>();

  constructor(private readonly rpc: RpcClient) {}

  /** Null when the inbox has no callback (not an API inbox, no webhook URL, or gone); throws when messaging does not answer. */
  async of(inboxId: number): Promise<InboxCallbackTarget | null> {
    const cached = this.cache.get(inboxId);
    if (cached && cached.expiresAt > Date.now()) return cached.target;
    const target = await this.rpc.send(InboxPatterns.callbackTarget, { inbox_id: inboxId });
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(inboxId, { target, expiresAt: Date.now() + TTL_MS });
    return target;
  }

  /** True only when a fresh answer says the inbox has no callback; asks nobody. */
  knownWithout(inboxId: number): boolean {
    const cached = this.cache.get(inboxId);
    return !!cached && cached.expiresAt > Date.now() && cached.target === null;
  }

  /** The inbox changed: ask again next time. */
  forget(inboxId: number): void {
    this.cache.delete(inboxId);
  }
}
