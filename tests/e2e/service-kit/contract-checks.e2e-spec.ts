import {
  CommonErrors,
  deadLetterSubject,
  eventSubject,
  LabelEvents,
  MessagePatterns,
  type EventEnvelope,
} from '@parley/contracts';
import { namespaced, namespacedStream } from '@parley/service-kit';
import { createTestAccount, readE2eState, seedContact, type TestAccount } from '@parley/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';

const codec = JSONCodec<unknown>();

/**
 * Services check what arrives over NATS against the contracts, whoever sent it: a malformed
 * request or event published straight on the run's NATS is refused and changes nothing.
 */
describe('contract checks at the services’ edge (real NATS)', () => {
  const { natsUrl, namespace } = readE2eState();
  let nats: NatsConnection;
  let account: TestAccount;
  let conversationId: number;

  beforeAll(async () => {
    nats = await connect({ servers: natsUrl });
    account = await createTestAccount();
    const inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Widget',
        channel: { type: 'web_widget', website_url: 'https://example.com' },
      })
    ).body.id;
    const contact = await seedContact(account.id);
    conversationId = (
      await account.admin.api.post('/conversations', { source_id: 's', inbox_id: inbox, contact_id: contact.id })
    ).body.id;
    expect((await account.admin.api.post('/labels', { title: 'vip' })).status).toBe(201);
    await account.admin.api.post(`/conversations/${conversationId}/labels`, { labels: ['vip'] });
    expect((await account.admin.api.get(`/conversations/${conversationId}/labels`)).body.payload).toEqual(['vip']);
  });

  afterAll(async () => {
    await nats.close();
  });

  /** `messaging.messages.create` sent straight on NATS as the gateway's client would, with this `data`; the raw reply. */
  const createMessage = async (data: unknown): Promise<unknown> => {
    const request = {
      account_id: account.id,
      display_id: conversationId,
      caller: { user_id: account.admin.id, role: 'administrator' },
      data,
    };
    const reply = await nats.request(
      namespaced(namespace, MessagePatterns.create),
      codec.encode({ pattern: MessagePatterns.create, data: request, id: randomUUID() }),
      { timeout: 10_000 },
    );
    return codec.decode(reply.data);
  };

  it('answers a malformed RPC request with REQUEST.MALFORMED naming the field, and writes nothing', async () => {
    const reply = await createMessage({ content: 'never stored', private: 'yes' });
    expect(reply).toMatchObject({
      err: { code: CommonErrors.malformed, message: 'Malformed request: request/data/private must be boolean' },
    });

    const messages = await account.admin.api.get(`/conversations/${conversationId}/messages`);
    expect(messages.status).toBe(200);
    expect(
      (messages.body.payload as Array<{ content: string | null }>).map((message) => message.content),
    ).not.toContain('never stored');
  });

  it('still answers the same request when it keeps the contract', async () => {
    expect(await createMessage({ content: 'stored', message_type: 'outgoing' })).toMatchObject({
      response: { content: 'stored', conversation_id: conversationId },
    });
  });

  it('dead-letters a malformed event at once, without applying any of it', async () => {
    const durable = 'messaging__conversation_labels_on_delete';
    const deadLetters = await nats.jetstream().consumers.get(namespacedStream(namespace, 'PARLEY_DEAD_LETTERS'), {
      filterSubjects: namespaced(namespace, deadLetterSubject(durable, LabelEvents.deleted)),
    });
    // The title names a real label; the id is not a number: applied, it would strip `vip` from the conversation.
    const event: EventEnvelope = {
      id: randomUUID(),
      type: LabelEvents.deleted,
      version: 1,
      account_id: account.id,
      occurred_at: new Date().toISOString(),
      data: { label: { id: 'not a number', title: 'vip', description: null, color: '#1f93ff', show_on_sidebar: true } },
      meta: { actor: { type: 'system', id: null }, correlation_id: null, origin: 'e2e' },
    };
    await nats
      .jetstream()
      .publish(namespaced(namespace, eventSubject(LabelEvents.deleted)), codec.encode(event), { msgID: event.id });

    let reason: string | undefined;
    while (reason === undefined) {
      const message = await deadLetters.next({ expires: 15_000 });
      if (!message) break;
      if ((message.json() as EventEnvelope).id === event.id)
        reason = message.headers?.get('x-dead-letter-reason') ?? '';
    }
    // Parked as malformed on its first delivery, not after the handler failed max_deliver times.
    expect(reason).toBe('malformed: event/data/label/id must be number');

    const labels = await account.admin.api.get(`/conversations/${conversationId}/labels`);
    expect(labels.body.payload).toEqual(['vip']);
  });
});
