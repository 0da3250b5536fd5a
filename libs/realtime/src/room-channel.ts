import type { CableConnection } from './cable-connection';
import { confirmFrame, rejectFrame } from './cable-frames';
import type { ResolvedCableOptions } from './cable-options';
import { CableSubscription } from './cable-subscription';
import { accountStreamKey, parseRoomIdentifier } from './room-identifier';
import type { StreamRegistry } from './stream-registry';

/**
 * The client's commands as ActionCable's server treats them: subscriptions keyed by the raw
 * identifier, a repeated subscribe ignored, always a confirm or a reject (the reference answers
 * nothing for an unknown token; 8.x clients would then resubscribe every 500 ms forever), and
 * commands for unknown identifiers or of unknown kinds only logged.
 */
export class RoomChannel {
  constructor(
    private readonly registry: StreamRegistry,
    private readonly options: ResolvedCableOptions,
  ) {}

  async handle(connection: CableConnection, text: string): Promise<void> {
    const command = parseObject(text);
    const identifier = command?.identifier;
    if (!command || typeof identifier !== 'string') {
      this.options.logger.debug?.({ ip: connection.ip }, 'realtime: unreadable command ignored');
      return;
    }
    if (command.command === 'subscribe') await this.subscribe(connection, identifier);
    else if (command.command === 'unsubscribe') await this.unsubscribe(connection, identifier);
    else if (command.command === 'message') await this.perform(connection, identifier, command.data);
    else
      this.options.logger.debug?.(
        { ip: connection.ip, command: String(command.command) },
        'realtime: unknown command ignored',
      );
  }

  /** The socket closed: every subscription ends. */
  async closeAll(connection: CableConnection): Promise<void> {
    const entries = [...connection.subscriptions.values()];
    connection.subscriptions.clear();
    for (const entry of entries) if (entry !== 'pending') await this.end(connection, entry);
  }

  private async subscribe(connection: CableConnection, raw: string): Promise<void> {
    if (connection.subscriptions.has(raw)) return;
    const identifier = parseRoomIdentifier(raw);
    if (
      !identifier ||
      connection.subscriptions.size >= this.options.maxSubscriptionsPerSocket ||
      !this.admits(connection, identifier.pubsub_token)
    ) {
      connection.sendFrame(rejectFrame(raw));
      return;
    }
    connection.subscriptions.set(raw, 'pending');
    let grant;
    try {
      grant = await this.options.authorizer.authorize(identifier);
    } catch (error) {
      // Not a refusal: the client reconnects later and subscribes again.
      this.options.logger.warn({ error: String(error) }, 'realtime: authorisation unavailable');
      connection.subscriptions.delete(raw);
      connection.disconnect('server_restart', true);
      return;
    }
    if (connection.subscriptions.get(raw) !== 'pending' || !connection.isOpen) return;
    // The limit is checked again: another socket may have taken the last place meanwhile.
    if (grant.role === 'rejected' || !this.admits(connection, identifier.pubsub_token)) {
      connection.subscriptions.delete(raw);
      connection.sendFrame(rejectFrame(raw));
      return;
    }
    const token = identifier.pubsub_token;
    const streams = grant.role === 'agent' ? [token, accountStreamKey(grant.accountId)] : [token];
    const subscription = new CableSubscription(connection, raw, identifier, grant, streams, this.options);
    connection.subscriptions.set(raw, subscription);
    this.registry.add(connection, subscription);
    subscription.confirmed();
    connection.sendFrame(confirmFrame(raw));
    // Not awaited: the socket's next command (its `resume`) must not wait for the host (presence).
    void this.hook('subscribed', () => this.options.actions?.subscribed?.(subscription));
  }

  private async unsubscribe(connection: CableConnection, raw: string): Promise<void> {
    const entry = connection.subscriptions.get(raw);
    connection.subscriptions.delete(raw);
    if (entry === undefined)
      this.options.logger.debug?.({ ip: connection.ip }, 'realtime: unsubscribe from an unknown subscription');
    else if (entry !== 'pending') await this.end(connection, entry);
  }

  private async perform(connection: CableConnection, raw: string, data: unknown): Promise<void> {
    const subscription = connection.subscriptions.get(raw);
    const payload = typeof data === 'string' ? parseObject(data) : null;
    const action = payload?.action;
    if (!subscription || subscription === 'pending' || !payload || typeof action !== 'string') {
      this.options.logger.debug?.(
        { ip: connection.ip },
        'realtime: message for an unknown subscription or without an action ignored',
      );
      return;
    }
    if (action === 'resume') {
      // Not awaited: the socket's later commands (unsubscribe, presence) need not wait for a replay.
      if (typeof payload.since === 'string' && payload.since !== '')
        void this.hook('resume', () => subscription.resume(payload.since as string));
      return;
    }
    const { action: _action, ...rest } = payload;
    await this.hook(action, () => this.options.actions?.perform?.(subscription, action, rest));
  }

  private admits(connection: CableConnection, token: string): boolean {
    return this.registry.admits(token, connection, this.options.maxSocketsPerToken);
  }

  private async end(connection: CableConnection, subscription: CableSubscription): Promise<void> {
    this.registry.remove(connection, subscription);
    subscription.end();
    await this.hook('unsubscribed', () => this.options.actions?.unsubscribed?.(subscription));
  }

  /** The host's handlers may fail; that is logged and never closes the socket. */
  private async hook(name: string, call: () => void | Promise<void>): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.options.logger.warn({ error: String(error), action: name }, 'realtime: action handler failed');
    }
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
