import { CLIENT_PACKAGES, loadActionCable, watch } from './testing/actioncable-client';
import { agentParams, event, pollUntil, startCable, type RunningCable } from './testing/cable-test-harness';

describe.each(CLIENT_PACKAGES)('the reference client (%s) against the cable', (name) => {
  const ActionCable = loadActionCable(name);
  let running: RunningCable;
  const consumers: any[] = [];
  const consumer = () => {
    const created = ActionCable.createConsumer(running.url);
    consumers.push(created);
    return created;
  };

  beforeAll(async () => {
    running = await startCable({ pingIntervalMs: 200, maxSocketsPerToken: 2 });
  });
  afterEach(async () => {
    for (const created of consumers.splice(0)) created.disconnect();
    await pollUntil(
      () => expect(running.cable.stats()).toEqual({ connections: 0, subscriptions: 0 }),
      'every socket closed',
    );
  });
  afterAll(() => running.stop());

  it('confirms an agent and a contact, and rejects a wrong token or a mismatched user', async () => {
    const one = consumer();
    const agent = watch(one, agentParams('agent-1-token'));
    const contact = watch(one, { channel: 'RoomChannel', pubsub_token: 'contact-token' });
    const wrongToken = watch(one, { channel: 'RoomChannel', pubsub_token: 'nobody' });
    const wrongUser = watch(one, { ...agentParams('agent-1-token'), user_id: 20 });
    await pollUntil(() => {
      expect([agent.connects, contact.connects]).toEqual([1, 1]);
      expect([wrongToken.rejected, wrongUser.rejected]).toEqual([true, true]);
    }, 'confirms and rejects');
    expect(one.connection.getProtocol()).toBe('actioncable-v1-json');
  });

  it('delivers each data frame to the subscribers of its stream only, with event_id', async () => {
    const agent1 = watch(consumer(), agentParams('agent-1-token'));
    const agent2 = watch(consumer(), agentParams('agent-2-token'));
    const contact = watch(consumer(), { channel: 'RoomChannel', pubsub_token: 'contact-token' });
    await pollUntil(
      () => expect([agent1.connects, agent2.connects, contact.connects]).toEqual([1, 1, 1]),
      'three confirms',
    );

    running.cable.publish('contact-token', event(1));
    running.cable.publish('account_1', event(2, 'contact.updated'));
    running.cable.publish('agent-2-token', event(3));
    running.cable.publish(['agent-1-token', 'agent-2-token', 'contact-token'], event(4, 'conversation.status_changed'));
    await pollUntil(
      () => expect([agent1.received.length, agent2.received.length, contact.received.length]).toEqual([2, 2, 2]),
      'the frames',
    );

    expect(contact.received).toEqual([event(1), event(4, 'conversation.status_changed')]);
    expect(agent1.received).toEqual([event(2, 'contact.updated'), event(4, 'conversation.status_changed')]);
    expect(agent2.received).toEqual([event(3), event(4, 'conversation.status_changed')]);
  });

  it('delivers to every socket of one token (two tabs)', async () => {
    const tab1 = watch(consumer(), { channel: 'RoomChannel', pubsub_token: 'contact-token' });
    const tab2 = watch(consumer(), { channel: 'RoomChannel', pubsub_token: 'contact-token' });
    await pollUntil(() => expect([tab1.connects, tab2.connects]).toEqual([1, 1]), 'both tabs');
    expect(running.cable.publish('contact-token', event(5))).toBe(2);
    await pollUntil(
      () => expect([tab1.received, tab2.received]).toEqual([[event(5)], [event(5)]]),
      'both tabs receive',
    );
  });

  it('refuses the socket beyond the per-token limit, and admits one again when a socket leaves', async () => {
    const first = consumer();
    const tab1 = watch(first, agentParams('agent-2-token'));
    const tab2 = watch(consumer(), agentParams('agent-2-token'));
    await pollUntil(() => expect([tab1.connects, tab2.connects]).toEqual([1, 1]), 'two tabs');
    const tab3 = watch(consumer(), agentParams('agent-2-token'));
    await pollUntil(() => expect(tab3.rejected).toBe(true), 'third tab rejected');

    first.disconnect();
    await pollUntil(() => expect(running.cable.stats().subscriptions).toBe(1), 'first tab gone');
    const tab4 = watch(consumer(), agentParams('agent-2-token'));
    await pollUntil(() => expect(tab4.connects).toBe(1), 'a place again');
  });
});
