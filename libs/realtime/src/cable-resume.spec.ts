import {
  CLIENT_PACKAGES,
  loadActionCable,
  reconnectQuickly,
  watch,
  type WatchedSubscription,
} from './testing/actioncable-client';
import { event, pollUntil, RawCableClient, startCable, type RunningCable } from './testing/cable-test-harness';
import { MemoryHistory } from './testing/memory-history';

const CONTACT = { channel: 'RoomChannel', pubsub_token: 'contact-token' };
const CONTACT_ID = JSON.stringify(CONTACT);

/** What a resuming client does on every (re)connect: ask for what followed its last event. */
function resumeOnConnect(watched: WatchedSubscription): void {
  const last = watched.received.at(-1)?.event_id;
  if (last) watched.subscription.perform('resume', { since: last });
}

describe('resume after a reconnect', () => {
  const history = new MemoryHistory();
  const replicas: RunningCable[] = [];
  const publish = (streams: string[], published: ReturnType<typeof event>) => {
    history.append(streams, published);
    for (const replica of replicas) replica.cable.publish(streams, published);
  };
  beforeEach(async () => {
    history.log.length = 0;
    history.calls = 0;
    replicas.push(await startCable({ pingIntervalMs: 100, history }));
  });
  afterEach(async () => {
    history.release();
    for (const replica of replicas.splice(0)) await replica.stop();
  });

  it.each(CLIENT_PACKAGES)(
    'delivers every event missed while the replica died exactly once, in order, then live ones (%s)',
    async (name) => {
      const ActionCable = loadActionCable(name);
      const restoreTimers = reconnectQuickly(ActionCable);
      const [first] = replicas;
      let url = first.url;
      const consumer = ActionCable.createConsumer(() => url);
      const contact = watch(consumer, CONTACT, resumeOnConnect);
      await pollUntil(() => expect(contact.connects).toBe(1), 'confirm');
      publish(['contact-token'], event(1));
      publish(['contact-token'], event(2));
      await pollUntil(() => expect(contact.received).toHaveLength(2), 'live events');

      const second = await startCable({ pingIntervalMs: 100, history });
      replicas.push(second);
      url = second.url;
      history.hold();
      await first.stop();
      replicas.shift();
      publish(['contact-token'], event(3));
      publish(['agent-1-token'], event(99));
      publish(['contact-token', 'account_1'], event(4));

      // Reconnected to the other replica; its replay waits until an event arrives live meanwhile.
      await pollUntil(() => expect(history.calls).toBe(1), 'the resume reached the history', 10_000);
      publish(['contact-token'], event(5));
      history.release();
      await pollUntil(() => expect(contact.received).toHaveLength(5), 'missed events');
      publish(['contact-token'], event(6));
      await pollUntil(() => expect(contact.received).toHaveLength(6), 'a live event after the replay');

      expect(contact.connects).toBe(2);
      expect(contact.received.map((message) => message.event_id)).toEqual([
        'evt-1',
        'evt-2',
        'evt-3',
        'evt-4',
        'evt-5',
        'evt-6',
      ]);
      consumer.disconnect();
      restoreTimers();
    },
  );

  it('never repeats an event that arrived live between the confirm and the resume', async () => {
    const [replica] = replicas;
    publish(['contact-token'], event(1));
    publish(['contact-token'], event(2));
    const client = await RawCableClient.open(replica.url);
    client.subscribe(CONTACT_ID);
    await client.confirmed(CONTACT_ID);
    publish(['contact-token'], event(3));
    await pollUntil(() => expect(client.messages(CONTACT_ID)).toHaveLength(1), 'live event');
    client.perform(CONTACT_ID, { action: 'resume', since: 'evt-1' });
    await pollUntil(() => expect(client.messages(CONTACT_ID)).toHaveLength(2), 'the replay');
    publish(['contact-token'], event(4));
    await pollUntil(() => expect(client.messages(CONTACT_ID)).toHaveLength(3), 'the next live event');
    expect(client.messages(CONTACT_ID).map((message) => message.event_id)).toEqual(['evt-3', 'evt-2', 'evt-4']);
    client.close();
  });

  it('answers resync_required when the history no longer holds the event, and carries on live', async () => {
    const [replica] = replicas;
    publish(['agent-1-token'], event(1));
    const agent = JSON.stringify({ channel: 'RoomChannel', pubsub_token: 'agent-1-token', account_id: 1, user_id: 10 });
    const client = await RawCableClient.open(replica.url);
    client.subscribe(agent);
    await client.confirmed(agent);
    client.perform(agent, { action: 'resume', since: 'evt-forgotten' });
    await pollUntil(() => expect(client.messages(agent)).toHaveLength(1), 'resync_required');
    publish(['account_1'], event(2, 'contact.created'));
    await pollUntil(() => expect(client.messages(agent)).toHaveLength(2), 'live event');
    expect(client.messages(agent)).toEqual([
      { event: 'resync_required', data: { since: 'evt-forgotten', account_id: 1 }, event_id: 'evt-1' },
      event(2, 'contact.created'),
    ]);
    client.close();
  });

  it('answers resync_required when the history cannot answer, rather than leaving a gap', async () => {
    const [replica] = replicas;
    publish(['contact-token'], event(1));
    history.failNext = true;
    const client = await RawCableClient.open(replica.url);
    client.subscribe(CONTACT_ID);
    await client.confirmed(CONTACT_ID);
    client.perform(CONTACT_ID, { action: 'resume', since: 'evt-1' });
    await pollUntil(() => expect(client.messages(CONTACT_ID)).toHaveLength(1), 'resync_required');
    expect(client.messages(CONTACT_ID)[0]).toEqual({
      event: 'resync_required',
      data: { since: 'evt-1', account_id: 1 },
      event_id: 'evt-1',
    });
    client.close();
  });
});
