import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, type ClientOptions } from 'ws';
import { CABLE_SUBPROTOCOL } from '../cable-frames';
import type { CableOptions } from '../cable-options';
import { CableServer } from '../cable-server';
import type { RealtimeEvent, RoomIdentifier, SubscriptionAuthorizer, SubscriptionGrant } from '../realtime.ports';

/** Polls until `probe` stops throwing, within a bound: the specs never sleep to synchronise. */
export async function pollUntil<T>(probe: () => T, description: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return probe();
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${description} not met within ${timeoutMs} ms: ${(error as Error).message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Agents 10 (account 1) and 20 (account 2), and contact 5's inbox token. */
export const GRANTS: Record<string, Exclude<SubscriptionGrant, { role: 'rejected' }>> = {
  'agent-1-token': { role: 'agent', accountId: 1, userId: 10 },
  'agent-2-token': { role: 'agent', accountId: 2, userId: 20 },
  'contact-token': { role: 'contact', accountId: 1, contactId: 5 },
  'other-contact-token': { role: 'contact', accountId: 1, contactId: 6 },
};

/** RoomChannel's rule: an agent's identifier names its user and account; a contact's names neither. */
export const tableAuthorizer: SubscriptionAuthorizer = {
  async authorize(identifier: RoomIdentifier): Promise<SubscriptionGrant> {
    const grant = GRANTS[identifier.pubsub_token];
    if (!grant) return { role: 'rejected' };
    if (grant.role === 'agent' && (identifier.user_id !== grant.userId || identifier.account_id !== grant.accountId))
      return { role: 'rejected' };
    if (grant.role === 'contact' && identifier.user_id !== undefined) return { role: 'rejected' };
    return grant;
  },
};

export function agentParams(token: 'agent-1-token' | 'agent-2-token') {
  const grant = GRANTS[token] as { accountId: number; userId: number };
  return { channel: 'RoomChannel', pubsub_token: token, account_id: grant.accountId, user_id: grant.userId };
}

export function event(n: number, name = 'message.created'): RealtimeEvent {
  return { event: name, data: { id: n, account_id: 1 }, event_id: `evt-${n}` };
}

export interface RunningCable {
  cable: CableServer;
  http: Server;
  url: string;
  stop(): Promise<void>;
}

/** A real HTTP server on an ephemeral loopback port with the cable attached at /cable. */
export async function startCable(options: Partial<CableOptions> = {}): Promise<RunningCable> {
  const http = createServer((_request, response) => response.writeHead(404).end());
  const cable = new CableServer({ authorizer: tableAuthorizer, ...options }).attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    cable,
    http,
    url: `ws://127.0.0.1:${port}/cable`,
    async stop() {
      await cable.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** A hand-driven client that records every frame, for what the real client hides. */
export class RawCableClient {
  readonly frames: any[] = [];
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data))));
    ws.on('close', () => {
      this.closed = true;
    });
  }

  static open(
    url: string,
    protocols: string[] = [CABLE_SUBPROTOCOL],
    options: ClientOptions = {},
  ): Promise<RawCableClient> {
    const ws = new WebSocket(url, protocols, options);
    const client = new RawCableClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      ws.once('error', reject);
    });
  }

  subscribe(identifier: string): void {
    this.ws.send(JSON.stringify({ command: 'subscribe', identifier }));
  }

  perform(identifier: string, data: Record<string, unknown>): void {
    this.ws.send(JSON.stringify({ command: 'message', identifier, data: JSON.stringify(data) }));
  }

  framesOf(type: string, identifier?: string): any[] {
    return this.frames.filter(
      (frame) => frame.type === type && (identifier === undefined || frame.identifier === identifier),
    );
  }

  /** The `message` parts of data frames for `identifier`. */
  messages(identifier: string): any[] {
    return this.frames
      .filter((frame) => frame.type === undefined && frame.identifier === identifier)
      .map((frame) => frame.message);
  }

  async confirmed(identifier: string): Promise<void> {
    await pollUntil(() => expectOne(this.framesOf('confirm_subscription', identifier)), `confirm of ${identifier}`);
  }

  close(): void {
    this.ws.terminate();
  }
}

function expectOne(found: unknown[]): void {
  if (found.length === 0) throw new Error('nothing yet');
}
