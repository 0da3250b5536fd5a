import { setImmediate as turn } from 'node:timers/promises';
import { WebSocket } from 'ws';
import {
  event,
  pollUntil,
  RawCableClient,
  startCable,
  tableAuthorizer,
  type RunningCable,
} from './testing/cable-test-harness';
import { MemoryHistory } from './testing/memory-history';

const CONTACT_ID = JSON.stringify({ channel: 'RoomChannel', pubsub_token: 'contact-token' });

describe('limits, dead and slow sockets, shutdown', () => {
  let running: RunningCable | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it('refuses the socket beyond the per-address limit with 429, and admits one again when a socket leaves', async () => {
    running = await startCable({ maxSocketsPerIp: 2 });
    const first = await RawCableClient.open(running.url);
    await RawCableClient.open(running.url);
    await expect(RawCableClient.open(running.url)).rejects.toThrow('HTTP 429');
    first.close();
    const url = running.url;
    await pollUntil(() => expect(running!.cable.stats().connections).toBe(1), 'first socket gone');
    const again = await RawCableClient.open(url);
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('rejects subscriptions beyond the per-socket limit', async () => {
    running = await startCable({ maxSubscriptionsPerSocket: 1 });
    const client = await RawCableClient.open(running.url);
    const agent = JSON.stringify({ channel: 'RoomChannel', pubsub_token: 'agent-1-token', account_id: 1, user_id: 10 });
    client.subscribe(CONTACT_ID);
    client.subscribe(agent);
    await client.confirmed(CONTACT_ID);
    await pollUntil(() => expect(client.framesOf('reject_subscription', agent)).toHaveLength(1), 'second rejected');
  });

  it('closes a socket that sends a frame over the size bound (1009)', async () => {
    running = await startCable({ maxPayloadBytes: 1024 });
    const client = await RawCableClient.open(running.url);
    const closed = new Promise<number>((resolve) => client.ws.once('close', resolve));
    client.subscribe(JSON.stringify({ channel: 'RoomChannel', pubsub_token: 'x'.repeat(2048) }));
    expect(await closed).toBe(1009);
  });

  it('answers 404 to an upgrade on another path', async () => {
    running = await startCable();
    await expect(RawCableClient.open(running.url.replace('/cable', '/elsewhere'))).rejects.toThrow('HTTP 404');
  });

  it('disconnects a client that stops reading instead of buffering for it without bound', async () => {
    const warnings: Array<{ details: any; message: string }> = [];
    const logger = { warn: (details: object, message: string) => warnings.push({ details, message }) };
    running = await startCable({ maxBufferedBytes: 64 * 1024, closeGraceMs: 200, logger });
    const client = await RawCableClient.open(running.url);
    client.subscribe(CONTACT_ID);
    await client.confirmed(CONTACT_ID);
    client.ws.pause();
    const padding = 'x'.repeat(32 * 1024);
    let published = 0;
    // Up to 190 MB: about three times what the loopback's kernel buffers absorbed here (50-70 MB).
    while (running.cable.stats().connections > 0 && published < 6_000) {
      running.cable.publish('contact-token', {
        event: 'message.created',
        data: { padding },
        event_id: `big-${published++}`,
      });
      if (published % 20 === 0) await turn();
    }
    await pollUntil(
      () => expect(running!.cable.stats()).toEqual({ connections: 0, subscriptions: 0 }),
      'slow client closed',
    );
    expect(published).toBeLessThan(6_000);
    // What the process itself held for the client never passed the bound.
    const slow = warnings.filter((warning) => warning.message === 'realtime: slow client disconnected');
    expect(slow).toHaveLength(1);
    expect(slow[0].details.buffered).toBeLessThanOrEqual(64 * 1024);
  });

  it('disconnects a subscription whose live frames overflow while it replays, so that it resumes again', async () => {
    const history = new MemoryHistory();
    history.append(['contact-token'], event(1));
    running = await startCable({ history, maxQueuedFrames: 3 });
    const client = await RawCableClient.open(running.url);
    client.subscribe(CONTACT_ID);
    await client.confirmed(CONTACT_ID);
    history.hold();
    client.perform(CONTACT_ID, { action: 'resume', since: 'evt-1' });
    await pollUntil(() => expect(history.calls).toBe(1), 'replay started');
    for (let n = 2; n <= 5; n += 1) running.cable.publish('contact-token', event(n));
    await pollUntil(() => expect(client.closed).toBe(true), 'socket closed');
    history.release();
    expect(client.framesOf('disconnect')).toEqual([{ type: 'disconnect', reason: 'remote', reconnect: true }]);
    expect(client.messages(CONTACT_ID)).toEqual([]);
  });

  it('terminates a socket that stops answering WebSocket pings, and keeps one that answers', async () => {
    running = await startCable({ heartbeatIntervalMs: 100 });
    const dead = await RawCableClient.open(running.url, undefined, { autoPong: false });
    const alive = await RawCableClient.open(running.url);
    await pollUntil(() => expect(dead.closed).toBe(true), 'dead socket terminated');
    expect(alive.closed).toBe(false);
    expect(running.cable.stats().connections).toBe(1);
    alive.close();
  });

  it('tells the client to come back later when the authoriser cannot answer', async () => {
    running = await startCable({
      authorizer: {
        authorize: async (identifier) => {
          if (identifier.pubsub_token === 'contact-token') throw new Error('messaging is not answering');
          return tableAuthorizer.authorize(identifier);
        },
      },
    });
    const client = await RawCableClient.open(running.url);
    client.subscribe(CONTACT_ID);
    await pollUntil(() => expect(client.closed).toBe(true), 'socket closed');
    expect(client.framesOf('disconnect')).toEqual([{ type: 'disconnect', reason: 'server_restart', reconnect: true }]);
    expect(client.framesOf('reject_subscription')).toEqual([]);
  });

  it('shuts down cleanly: every client is told to reconnect, every socket closes, new upgrades are refused', async () => {
    const stopping = await startCable();
    const clients = [await RawCableClient.open(stopping.url), await RawCableClient.open(stopping.url)];
    clients[0].subscribe(CONTACT_ID);
    await clients[0].confirmed(CONTACT_ID);
    await stopping.cable.close();
    expect(stopping.cable.stats()).toEqual({ connections: 0, subscriptions: 0 });
    await pollUntil(() => expect(clients.map((client) => client.closed)).toEqual([true, true]), 'clients closed');
    for (const client of clients)
      expect(client.framesOf('disconnect')).toEqual([
        { type: 'disconnect', reason: 'server_restart', reconnect: true },
      ]);
    await expect(RawCableClient.open(stopping.url)).rejects.toThrow();
    await stopping.stop();
  });
});
