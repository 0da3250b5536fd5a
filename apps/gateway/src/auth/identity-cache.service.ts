import type { ResolvedIdentity } from '@parley/contracts';

interface Entry {
  identity: ResolvedIdentity | null;
  expiresAt: number;
}

/**
 * Token-hash → identity, bounded in size and time. Unknown tokens are remembered briefly so a
 * flood of bad tokens does not become a flood of look-ups. Entries of one user can be dropped
 * at once when that user changes.
 */
export class IdentityCacheService {
  private readonly entries = new Map<string, Entry>();
  private readonly hashesByUser = new Map<number, Set<string>>();

  constructor(
    private readonly ttlMs: number,
    private readonly unknownTtlMs = 2000,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** `undefined` when nothing (fresh) is cached for the hash. */
  get(tokenHash: string): ResolvedIdentity | null | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(tokenHash, entry);
      return undefined;
    }
    return entry.identity;
  }

  set(tokenHash: string, identity: ResolvedIdentity | null): void {
    const ttl = identity ? this.ttlMs : this.unknownTtlMs;
    if (ttl <= 0) return;
    if (this.entries.size >= this.maxEntries) this.evictOldest();
    this.entries.set(tokenHash, { identity, expiresAt: this.now() + ttl });
    if (identity) {
      const hashes = this.hashesByUser.get(identity.user_id) ?? new Set<string>();
      hashes.add(tokenHash);
      this.hashesByUser.set(identity.user_id, hashes);
    }
  }

  evictUser(userId: number): void {
    for (const hash of this.hashesByUser.get(userId) ?? []) this.entries.delete(hash);
    this.hashesByUser.delete(userId);
  }

  clear(): void {
    this.entries.clear();
    this.hashesByUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(tokenHash: string, entry: Entry): void {
    this.entries.delete(tokenHash);
    if (entry.identity) this.hashesByUser.get(entry.identity.user_id)?.delete(tokenHash);
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.delete(oldest.value, this.entries.get(oldest.value)!);
  }
}
