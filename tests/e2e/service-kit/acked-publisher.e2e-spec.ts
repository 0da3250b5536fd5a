import { readE2eState } from '@parley/testing';
import { AckedPublisher } from '@parley/service-kit';
import { connect, headers, type JetStreamManager, type NatsConnection } from 'nats';

const encode = (text: string) => new TextEncoder().encode(text);

describe('AckedPublisher (real JetStream)', () => {
  const state = readE2eState();
  const stream = `${state.namespace}_ACKED`.replace(/[^A-Za-z0-9_-]/g, '_');
  const subject = `${state.namespace}.acked.probe`;
  let nats: NatsConnection;
  let manager: JetStreamManager;
  let publisher: AckedPublisher;

  beforeAll(async () => {
    nats = await connect({ servers: state.natsUrl, noAsyncTraces: true });
    manager = await nats.jetstreamManager();
    await manager.streams.add({ name: stream, subjects: [subject], duplicate_window: 60e9 });
    publisher = new AckedPublisher(nats, 2_000);
  });

  afterAll(async () => {
    publisher.close();
    await manager.streams.delete(stream).catch(() => undefined);
    await nats.close();
  });

  it('resolves with the stored sequence, once per message id, and keeps the headers', async () => {
    const extra = headers();
    extra.set('x-probe', 'kept');
    const [first, second] = await Promise.all([
      publisher.publish(subject, encode('{"n":1}'), { msgID: 'probe-1', headers: extra }),
      publisher.publish(subject, encode('{"n":2}'), { msgID: 'probe-2' }),
    ]);
    expect(first).toMatchObject({ stream, duplicate: false });
    expect(second.seq).toBe(first.seq + 1);

    const again = await publisher.publish(subject, encode('{"n":1}'), { msgID: 'probe-1' });
    expect(again).toMatchObject({ stream, seq: first.seq, duplicate: true });

    const stored = await manager.streams.getMessage(stream, { seq: first.seq });
    expect(stored.string()).toBe('{"n":1}');
    expect(stored.header.get('x-probe')).toBe('kept');
    expect(stored.header.get('Nats-Msg-Id')).toBe('probe-1');
    expect((await manager.streams.info(stream)).state.messages).toBe(2);
  });

  it('answers many publishes in flight, each with its own acknowledgement', async () => {
    const acks = await Promise.all(
      Array.from({ length: 200 }, (_, index) => publisher.publish(subject, encode(String(index)))),
    );
    const sequences = acks.map((ack) => ack.seq);
    expect(new Set(sequences).size).toBe(200);
    for (const [index, ack] of acks.entries()) {
      expect((await manager.streams.getMessage(stream, { seq: ack.seq })).string()).toBe(String(index));
    }
  });

  it('rejects when no stream takes the subject', async () => {
    await expect(publisher.publish(`${state.namespace}.acked.nowhere`, encode('x'))).rejects.toThrow(/no responders/i);
  });

  it("rejects with JetStream's reason when the stream refuses the message", async () => {
    const full = `${stream}_FULL`;
    const fullSubject = `${state.namespace}.acked.full`;
    await manager.streams.add({ name: full, subjects: [fullSubject], max_msg_size: 8 });
    try {
      await expect(publisher.publish(fullSubject, encode('more than eight bytes'))).rejects.toThrow(
        /JetStream publish to .*: message size exceeds maximum allowed \(400\)/,
      );
    } finally {
      await manager.streams.delete(full);
    }
  });

  it('times out when nothing acknowledges, and rejects what waits when closed or on a closed connection', async () => {
    const own = await connect({ servers: state.natsUrl, noAsyncTraces: true });
    // A subscriber that never answers: the publish waits for an acknowledgement that never comes.
    const silentSubject = `${state.namespace}.acked.silent`;
    own.subscribe(silentSubject);
    await own.flush();
    const quick = new AckedPublisher(own, 300);
    await expect(quick.publish(silentSubject, encode('x'))).rejects.toThrow(/timeout/i);

    const closing = new AckedPublisher(own, 10_000);
    const waiting = closing.publish(silentSubject, encode('x'));
    closing.close();
    await expect(waiting).rejects.toThrow(/closed/i);

    await own.close();
    await expect(quick.publish(subject, encode('x'))).rejects.toThrow(/closed/i);
  });
});
