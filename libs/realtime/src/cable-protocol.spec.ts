import { CABLE_DEFAULTS } from './cable-options';
import { pollUntil, RawCableClient, startCable, type RunningCable } from './testing/cable-test-harness';
import type { ActionHandler, SubscriptionContext } from './realtime.ports';

describe('the cable speaks ActionCable', () => {
  let running: RunningCable;
  const performed: Array<{ action: string; data: Record<string, unknown>; token: string }> = [];
  const subscribed: SubscriptionContext[] = [];
  const unsubscribed: string[] = [];
  const actions: ActionHandler = {
    unsubscribed: (context) => {
      unsubscribed.push(context.identifier.pubsub_token);
    },
    subscribed: (context) => {
      subscribed.push(context);
    },
    perform: (context, action, data) => {
      performed.push({ action, data, token: context.identifier.pubsub_token });
      if (action === 'update_presence')
        context.send({
          event: 'presence.update',
          data: { account_id: 1, users: { '10': 'online' } },
        });
    },
  };

  beforeAll(async () => {
    running = await startCable({ pingIntervalMs: 100, actions });
  });
  afterAll(() => running.stop());

  it('selects actioncable-v1-json, welcomes at once and pings every interval with Unix seconds', async () => {
    const client = await RawCableClient.open(running.url, ['actioncable-v1-json', 'actioncable-unsupported']);
    expect(client.ws.protocol).toBe('actioncable-v1-json');
    await pollUntil(() => expect(client.framesOf('ping').length).toBeGreaterThanOrEqual(3), 'three pings');
    expect(client.frames[0]).toEqual({ type: 'welcome' });
    const now = Math.floor(Date.now() / 1000);
    for (const ping of client.framesOf('ping')) {
      expect(Number.isInteger(ping.message)).toBe(true);
      expect(Math.abs(ping.message - now)).toBeLessThanOrEqual(2);
    }
    client.close();
  });

  it('beats every 3 s unless told otherwise (the 6.x client reconnects after 6 s of silence)', () => {
    expect(CABLE_DEFAULTS.pingIntervalMs).toBe(3_000);
  });

  it('accepts a client that offers no subprotocol', async () => {
    const client = await RawCableClient.open(running.url, []);
    expect(client.ws.protocol).toBe('');
    await pollUntil(() => expect(client.frames[0]).toEqual({ type: 'welcome' }), 'welcome');
    client.close();
  });

  it('echoes the identifier byte for byte in confirm and reject, whatever its spacing and key order', async () => {
    const client = await RawCableClient.open(running.url);
    const accepted = '{ "pubsub_token" : "contact-token",\n "channel":"RoomChannel" }';
    const refused = '{"channel":"RoomChannel","pubsub_token":"unknown-\\u00e9-token"}';
    const otherChannel = '{"channel":"ChatChannel","pubsub_token":"contact-token"}';
    client.subscribe(accepted);
    client.subscribe(refused);
    client.subscribe(otherChannel);
    client.subscribe('not json');
    await pollUntil(() => expect(client.framesOf('reject_subscription')).toHaveLength(3), 'three rejects');
    await client.confirmed(accepted);
    const raw = client.frames.map((frame) => frame.identifier).filter(Boolean);
    expect(raw).toEqual(expect.arrayContaining([accepted, refused, otherChannel]));
    expect(
      client
        .framesOf('reject_subscription')
        .map((frame) => frame.identifier)
        .sort(),
    ).toEqual([otherChannel, refused].concat('not json').sort());
    client.close();
  });

  it('ignores a repeated subscribe, pending or confirmed, and delivers each event once', async () => {
    const client = await RawCableClient.open(running.url);
    const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: 'other-contact-token' });
    client.subscribe(identifier);
    client.subscribe(identifier);
    await client.confirmed(identifier);
    client.subscribe(identifier);
    const marker = JSON.stringify({
      channel: 'RoomChannel',
      pubsub_token: 'agent-2-token',
      account_id: 2,
      user_id: 20,
    });
    client.subscribe(marker);
    await client.confirmed(marker);
    expect(client.framesOf('confirm_subscription', identifier)).toHaveLength(1);
    running.cable.publish('other-contact-token', { event: 'message.created', data: { id: 1 }, event_id: 'once-1' });
    await pollUntil(() => expect(client.messages(identifier)).toHaveLength(1), 'the event');
    running.cable.publish(['other-contact-token', 'account_2'], {
      event: 'contact.updated',
      data: { id: 2 },
      event_id: 'once-2',
    });
    await pollUntil(() => expect(client.messages(marker)).toHaveLength(1), 'the marker');
    expect(client.messages(identifier)).toEqual([
      { event: 'message.created', data: { id: 1 }, event_id: 'once-1' },
      { event: 'contact.updated', data: { id: 2 }, event_id: 'once-2' },
    ]);
    client.close();
  });

  it('stops delivering after unsubscribe', async () => {
    const client = await RawCableClient.open(running.url);
    const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: 'contact-token' });
    client.subscribe(identifier);
    await client.confirmed(identifier);
    client.ws.send(JSON.stringify({ command: 'unsubscribe', identifier }));
    await pollUntil(
      () => expect(running.cable.publish('contact-token', { event: 'x', data: {}, event_id: 'gone' })).toBe(0),
      'unsubscribed',
    );
    client.close();
  });

  it('hands actions to the handler with the subscription, which may answer that subscription alone', async () => {
    const client = await RawCableClient.open(running.url);
    const identifier = JSON.stringify({
      channel: 'RoomChannel',
      pubsub_token: 'agent-1-token',
      account_id: 1,
      user_id: 10,
    });
    client.subscribe(identifier);
    await client.confirmed(identifier);
    await pollUntil(
      () => expect(subscribed.map((context) => context.identifier.pubsub_token)).toContain('agent-1-token'),
      'subscribed hook',
    );
    const context = subscribed.find((one) => one.identifier.pubsub_token === 'agent-1-token')!;
    expect(context.identifier).toEqual({
      channel: 'RoomChannel',
      pubsub_token: 'agent-1-token',
      account_id: 1,
      user_id: 10,
    });
    expect(context.grant).toEqual({ role: 'agent', accountId: 1, userId: 10 });
    expect(context.streams).toEqual(['agent-1-token', 'account_1']);
    client.perform(identifier, { action: 'toggle_typing_status', conversation_id: 7, typing_status: 'on' });
    client.perform(identifier, { action: 'update_presence' });
    await pollUntil(() => expect(client.messages(identifier)).toHaveLength(1), 'presence.update');
    // A frame the host sends is not stored: its id names the last stored event the subscription got.
    expect(client.messages(identifier)[0]).toEqual({
      event: 'presence.update',
      data: { account_id: 1, users: { '10': 'online' } },
      event_id: '0.1',
    });
    running.cable.publish('agent-1-token', { event: 'message.created', data: { id: 5 }, event_id: '41' });
    client.perform(identifier, { action: 'update_presence' });
    await pollUntil(() => expect(client.messages(identifier)).toHaveLength(3), 'second presence.update');
    expect(client.messages(identifier).map((message) => message.event_id)).toEqual(['0.1', '41', '41.2']);
    expect(performed.filter((one) => one.token === 'agent-1-token')).toEqual([
      { action: 'toggle_typing_status', data: { conversation_id: 7, typing_status: 'on' }, token: 'agent-1-token' },
      { action: 'update_presence', data: {}, token: 'agent-1-token' },
      { action: 'update_presence', data: {}, token: 'agent-1-token' },
    ]);
    client.close();
    // Presence needs to know when an agent's socket is gone.
    await pollUntil(() => expect(unsubscribed).toContain('agent-1-token'), 'unsubscribed hook on close');
  });

  it('survives garbage: unreadable frames, unknown commands, actions for unknown subscriptions', async () => {
    const client = await RawCableClient.open(running.url);
    client.ws.send('{');
    client.ws.send('[]');
    client.ws.send(JSON.stringify({ command: 'dance', identifier: 'x' }));
    client.perform('{"channel":"RoomChannel","pubsub_token":"nobody"}', { action: 'update_presence' });
    client.ws.send(JSON.stringify({ command: 'message', identifier: 'x', data: 'not json' }));
    const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: 'contact-token' });
    client.subscribe(identifier);
    await client.confirmed(identifier);
    expect(client.closed).toBe(false);
    client.close();
  });
});
