import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { RealtimePatterns } from '@parley/contracts';
import {
  CableServer,
  type RoomIdentifier,
  type SubscriptionAuthorizer,
  type SubscriptionGrant,
} from '@parley/realtime';
import { EventBus, RpcClient } from '@parley/service-kit';
import { DeliverPolicy, type ConsumerMessages } from 'nats';
import type { Server } from 'node:http';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { clientAddressOf } from '../http/trust-proxy.rules';
import { CablePresenceService } from './cable-presence.service';
import { RealtimeHistoryService } from './realtime-history.service';
import { storedEventsOf } from './stored-events.mapper';

/**
 * `/cable` on this gateway: the ActionCable protocol core attached to the HTTP server, asking
 * messaging (agents) and contacts (contacts) who a subscription is, and fanning out every frame
 * of the realtime stream to this replica's sockets. Each replica reads the stream itself, so an
 * event reaches a client whichever replica its socket is on.
 */
@Injectable()
export class CableService implements OnApplicationBootstrap, OnApplicationShutdown, SubscriptionAuthorizer {
  private readonly logger = new Logger(CableService.name);
  private cable: CableServer | null = null;
  private live: ConsumerMessages | null = null;

  constructor(
    private readonly adapter: HttpAdapterHost,
    private readonly bus: EventBus,
    private readonly rpc: RpcClient,
    private readonly history: RealtimeHistoryService,
    private readonly presence: CablePresenceService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const server = this.adapter.httpAdapter.getHttpServer() as Server;
    this.cable = new CableServer({
      authorizer: this,
      actions: this.presence,
      history: this.history,
      maxSocketsPerToken: this.config.realtimeSocketsPerToken,
      maxSocketsPerIp: this.config.realtimeSocketsPerIp,
      // The address the HTTP rate limiter counts (TRUST_PROXY), so a proxy's clients are told apart.
      clientIp: clientAddressOf(this.config.trustProxy),
      logger: { warn: (details, message) => this.logger.warn({ ...details, msg: message }) },
    }).attach(server);
    const consumer = await this.bus.jetstream.consumers.get(this.bus.realtimeStream, {
      deliver_policy: DeliverPolicy.New,
    });
    this.live = await consumer.consume();
    void this.fanOut(this.live);
  }

  async authorize(identifier: RoomIdentifier): Promise<SubscriptionGrant> {
    if (identifier.user_id !== undefined) {
      if (identifier.account_id === undefined) return { role: 'rejected' };
      const { granted } = await this.rpc.send(RealtimePatterns.authorizeAgent, {
        pubsub_token: identifier.pubsub_token,
        user_id: identifier.user_id,
        account_id: identifier.account_id,
      });
      return granted
        ? { role: 'agent', accountId: identifier.account_id, userId: identifier.user_id }
        : { role: 'rejected' };
    }
    const link = await this.rpc.send(RealtimePatterns.authorizeContact, { pubsub_token: identifier.pubsub_token });
    return link ? { role: 'contact', accountId: link.account_id, contactId: link.contact_id } : { role: 'rejected' };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.live?.close();
    // Every client is told to reconnect, to another replica.
    await this.cable?.close();
  }

  private async fanOut(messages: ConsumerMessages): Promise<void> {
    try {
      for await (const message of messages) {
        try {
          for (const { streams, event } of storedEventsOf(message.data, message.seq))
            this.cable?.publish(streams, event);
        } catch (error) {
          this.logger.warn(`A realtime frame could not be fanned out: ${(error as Error).message}`);
        }
      }
    } catch (error) {
      this.logger.warn(`The realtime stream stopped: ${(error as Error).message}`);
    }
  }
}
