import { Injectable } from '@nestjs/common';
import { InboxPatterns, type InboxCallbackTarget } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';

/** Long enough to spare messaging a request per attempt, short enough that a changed URL or secret applies soon. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  target: InboxCallbackTarget | null;
  fetchedAt: number;
}

/**
 * Where an API inbox's events go and the secret that signs them, asked of messaging (events
 * never carry the secret) and kept briefly. "No callback" is believed only from an answer given
 * after the event in question happened: the inbox may have got its URL a moment before it.
 */
@Injectable()
export class CallbackTargetsLoader {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly rpc: RpcClient) {}

  /**
   * Null when the account's inbox has no callback (not an API inbox, no webhook URL, or gone)
   * by an answer given at `since` (ms) or later; throws when messaging does not answer.
   */
  async of(accountId: number, inboxId: number, since: number): Promise<InboxCallbackTarget | null> {
    const cached = this.fresh(accountId, inboxId);
    if (cached && (cached.target !== null || cached.fetchedAt >= since)) return cached.target;
    const fetchedAt = Date.now();
    const target = await this.rpc.send(InboxPatterns.callbackTarget, { account_id: accountId, inbox_id: inboxId });
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(keyOf(accountId, inboxId), { target, fetchedAt });
    return target;
  }

  /** True only when an answer given at `since` (ms) or later says the inbox has no callback; asks nobody. */
  knownWithout(accountId: number, inboxId: number, since: number): boolean {
    const cached = this.fresh(accountId, inboxId);
    return !!cached && cached.target === null && cached.fetchedAt >= since;
  }

  /** The inbox changed: ask again next time. */
  forget(accountId: number, inboxId: number): void {
    this.cache.delete(keyOf(accountId, inboxId));
  }

  private fresh(accountId: number, inboxId: number): Entry | null {
    const cached = this.cache.get(keyOf(accountId, inboxId));
    return cached && cached.fetchedAt + TTL_MS > Date.now() ? cached : null;
  }
}

function keyOf(accountId: number, inboxId: number): string {
  return `${accountId}:${inboxId}`;
}
