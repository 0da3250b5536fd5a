import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { IDENTITY_CHANGE_TYPES, IdentityPatterns, type EventEnvelope, type ResolvedIdentity } from '@parley/contracts';
import { EventBus, hashAccessToken, RpcClient } from '@parley/service-kit';
import type { Subscription } from 'nats';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { IdentityCacheService } from './identity-cache.service';

/**
 * Resolves access tokens through `messaging`, with a cache that identity events invalidate:
 * deleting a user, rotating its token or changing a membership takes effect at once on every
 * gateway replica (the cache's time limit bounds what a missed event can cost). A change that
 * grants access is not waited for: the guard asks again before it refuses.
 */
@Injectable()
export class TokenResolverService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TokenResolverService.name);
  private readonly cache: IdentityCacheService;
  private readonly pending = new Map<string, Promise<ResolvedIdentity | null>>();
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly rpc: RpcClient,
    private readonly bus: EventBus,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.cache = new IdentityCacheService(config.tokenCacheTtlMs);
  }

  onApplicationBootstrap(): void {
    for (const type of IDENTITY_CHANGE_TYPES) {
      this.subscriptions.push(this.bus.listen(type, (event) => this.invalidate(event)));
    }
    void this.clearOnReconnect();
  }

  onApplicationShutdown(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
  }

  /** `fresh` asks messaging even when an identity is cached (or a look-up started before this call is under way). */
  async resolve(token: string, options: { fresh?: boolean } = {}): Promise<ResolvedIdentity | null> {
    const hash = hashAccessToken(token);
    if (options.fresh) return this.lookUp(hash);
    const cached = this.cache.get(hash);
    if (cached !== undefined) return cached;
    let lookup = this.pending.get(hash);
    if (!lookup) {
      lookup = this.lookUp(hash).finally(() => this.pending.delete(hash));
      this.pending.set(hash, lookup);
    }
    return lookup;
  }

  private async lookUp(hash: string): Promise<ResolvedIdentity | null> {
    const identity = await this.rpc.send(IdentityPatterns.resolveToken, { token_hash: hash });
    this.cache.set(hash, identity);
    return identity;
  }

  private invalidate(event: EventEnvelope): void {
    const userId = (event.data as { user_id?: number }).user_id;
    if (typeof userId === 'number') this.cache.evictUser(userId);
    else this.cache.clear();
  }

  /** Events missed while disconnected are unknowable: start from a clean cache. */
  private async clearOnReconnect(): Promise<void> {
    for await (const status of this.bus.nats.status()) {
      if (status.type === 'reconnect') {
        this.logger.warn('Reconnected to NATS: clearing the token cache');
        this.cache.clear();
      }
    }
  }
}
