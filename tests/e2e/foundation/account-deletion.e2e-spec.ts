import {
  AccountFiles,
  ContactEvents,
  ConversationEvents,
  IdentityEvents,
  InboxEvents,
  MessageEvents,
  eventSubject,
  type EventEnvelope,
} from '@parley/contracts';
import { namespaced } from '@parley/service-kit';
import {
  acknowledgedBy,
  createTestAccount,
  createWebhookEndpoint,
  eventually,
  platformClient,
  publishedEvents,
  readE2eState,
  type ApiClient,
  type TestAccount,
} from '@parley/testing';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { connect, JSONCodec } from 'nats';
import { Client } from 'pg';
import { campaignInStatus, labelledContacts } from '../campaigns/campaign-fixtures';
import { createCard, createFunnel } from '../kanban/kanban-fixtures';

const SCHEMAS = ['messaging', 'contacts', 'automation', 'campaigns', 'reporting', 'kanban', 'webhook_dispatcher'];
/** Tables that may name a deleted account: its tombstone, and infrastructure that expires by retention. */
const EXEMPT = new Set(['deleted_accounts', 'outbox', 'inbox', 'mail_outbox']);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const codec = JSONCodec<EventEnvelope>();
const timeoutMs = 30_000;

describe('account deletion: every service forgets the account', () => {
  const db = new Client({ connectionString: readE2eState().databaseUrl });
  let doomed: TestAccount;
  let survivor: TestAccount;

  beforeAll(async () => {
    await db.connect();
    [doomed, survivor] = [await createTestAccount(), await createTestAccount()];
  });
  afterAll(() => db.end());

  /** Rows carrying the account's id, per schema.table (every table with an `account_id` column, found generically). */
  async function rowsOf(accountId: number): Promise<Record<string, number>> {
    const { rows: tables } = await db.query<{ table_schema: string; table_name: string }>(
      `SELECT table_schema, table_name FROM information_schema.columns
        WHERE column_name = 'account_id' AND table_schema = ANY($1::text[]) ORDER BY 1, 2`,
      [SCHEMAS],
    );
    const counts: Record<string, number> = {};
    for (const { table_schema, table_name } of tables) {
      if (EXEMPT.has(table_name)) continue;
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" WHERE account_id = $1`,
        [accountId],
      );
      if (rows[0].n > 0) counts[`${table_schema}.${table_name}`] = rows[0].n;
    }
    // Tables keyed by the account itself.
    for (const table of ['messaging.accounts', 'webhook_dispatcher.accounts_view']) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE id = $1`, [accountId]);
      if (rows[0].n > 0) counts[table] = rows[0].n;
    }
    return counts;
  }

  const schemasOf = (counts: Record<string, number>) =>
    [...new Set(Object.keys(counts).map((table) => table.split('.')[0]))].sort();

  /** Every stored file under the account's prefixes. */
  async function filesOf(accountId: number): Promise<string[]> {
    const root = join(readE2eState().logDir, 'storage');
    const prefixes = [
      AccountFiles.messages,
      AccountFiles.contactImports,
      AccountFiles.kanban,
      AccountFiles.kanbanImports,
    ].map((prefix) => prefix(accountId));
    const found: string[] = [];
    for (const prefix of prefixes) {
      const entries = await readdir(join(root, prefix), { recursive: true, withFileTypes: true }).catch(() => []);
      found.push(...entries.filter((entry) => entry.isFile()).map((entry) => join(prefix, entry.name)));
    }
    return found;
  }

  /** How many of the service's consumers recorded the event as handled, per schema. */
  async function handled(eventId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const schema of SCHEMAS) {
      counts[schema] = (
        await db.query(`SELECT count(*)::int AS n FROM "${schema}".inbox WHERE event_id = $1`, [eventId])
      ).rows[0].n;
    }
    return counts;
  }

  /** Publishes the event again (a fresh message id, so JetStream takes it) as a late copy or a redelivery. */
  async function republish(event: EventEnvelope): Promise<void> {
    const { natsUrl, namespace } = readE2eState();
    const connection = await connect({ servers: natsUrl });
    try {
      await connection
        .jetstream()
        .publish(namespaced(namespace, eventSubject(event.type)), codec.encode(event), { msgID: randomUUID() });
    } finally {
      await connection.close();
    }
  }

  /**
   * Publishes copies of the events under new ids; resolves once every consumer that took an
   * original took its copy: recorded it, or acknowledged it without a record (a consumer that
   * sifts, finding nothing left to do for the account, such as no webhook or rule).
   */
  async function republishAndWait(originals: EventEnvelope[]): Promise<void> {
    const copies = originals.map((event) => ({ ...event, id: randomUUID() }));
    for (const copy of copies) await republish(copy);
    for (const [i, copy] of copies.entries()) {
      const expected = await handled(originals[i].id);
      await eventually(
        async () => {
          const taken = await handled(copy.id);
          for (const schema of SCHEMAS) {
            if (expected[schema] > taken[schema] && (await acknowledgedBy(schema.replace(/_/g, '-'), copy)))
              taken[schema] = expected[schema];
          }
          expect(taken).toEqual(expected);
        },
        { timeoutMs },
      );
    }
  }

  async function eventOf(type: string, accountId: number): Promise<EventEnvelope> {
    const event = (await publishedEvents(type)).find((candidate) => candidate.account_id === accountId);
    if (!event) throw new Error(`No ${type} event of account ${accountId}`);
    return event;
  }

  /** Data in every service; answers the Kanban funnel (its stage counters carry no account id). */
  async function fill(account: TestAccount): Promise<number> {
    const api: ApiClient = account.admin.api;
    const ok = async (response: Promise<{ status: number; body: any; text: string }>, what: string) => {
      const answered = await response;
      if (answered.status >= 300) throw new Error(`${what} answered ${answered.status}: ${answered.text}`);
      return answered.body;
    };
    const hook = await createWebhookEndpoint();
    await ok(
      api.post('/webhooks', { url: hook.url, subscriptions: ['conversation_created', 'message_created'] }),
      'webhook',
    );
    await ok(
      api.post('/automation_rules', {
        name: 'Low priority',
        event_name: 'conversation_created',
        conditions: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }],
        actions: [{ action_name: 'change_priority', action_params: ['low'] }],
      }),
      'rule',
    );
    await ok(
      api.post('/macros', {
        name: 'Triage',
        visibility: 'global',
        actions: [{ action_name: 'change_priority', action_params: ['high'] }],
      }),
      'macro',
    );
    const inbox = (await ok(api.post('/inboxes', { name: 'Api', channel: { type: 'api' } }), 'inbox')).id as number;
    await ok(
      api.post('/custom_filters', {
        name: 'Open ones',
        filter_type: 'conversation',
        query: { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }] },
      }),
      'custom filter',
    );

    // Contacts with a note, and an import job with a failed row (its error report stored too).
    const contact = (
      await ok(
        api.post('/contacts', { inbox_id: inbox, name: 'Doomed Dora', email: `dora-${randomUUID()}@example.com` }),
        'contact',
      )
    ).payload.contact;
    await ok(api.post(`/contacts/${contact.id}/notes`, { content: 'Called back' }), 'note');
    const form = new FormData();
    form.append(
      'import_file',
      new Blob([`name,email\nIan,ian-${randomUUID()}@example.com\nBad,not-an-email\n`], { type: 'text/csv' }),
      'contacts.csv',
    );
    const job = await ok(api.post('/contacts/import', undefined, { form }), 'import');
    await eventually(async () => expect((await api.get(`/contacts/imports/${job.id}`)).body.status).toBe('completed'), {
      timeoutMs,
    });
    expect((await api.get(`/contacts/imports/${job.id}/errors`)).status).toBe(200);

    // A campaign with its sends.
    const { labelId } = await labelledContacts(account, inbox, 2);
    const campaign = await ok(
      api.post('/campaigns', {
        title: 'Hello',
        message: 'Hi {{contact.name}}',
        inbox_id: inbox,
        audience: [{ type: 'Label', id: labelId }],
      }),
      'campaign',
    );
    await campaignInStatus(account, campaign.id, 'completed');

    // A conversation with messages, one carrying an attachment (report facts follow from them).
    const conversation = await ok(
      api.post('/conversations', { inbox_id: inbox, contact_id: contact.id }),
      'conversation',
    );
    await ok(
      api.post(`/conversations/${conversation.id}/messages`, { content: 'Help please', message_type: 'incoming' }),
      'incoming message',
    );
    const message = new FormData();
    message.append('content', 'Here is the file');
    message.append('attachments[]', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    await ok(
      api.post(`/conversations/${conversation.id}/messages`, undefined, { form: message }),
      'message with attachment',
    );

    // A Kanban board: its webhook, a funnel, a card linked to the conversation with a checklist item, a note and a file.
    const kanbanHook = await createWebhookEndpoint();
    await ok(
      api.post('/kanban_config', {
        kanban_config: {
          webhook_url: kanbanHook.url,
          webhook_secret: 'kanban-secret',
          webhook_events: ['kanban.item.created'],
        },
      }),
      'kanban config',
    );
    const funnel = await createFunnel(api);
    const card = await createCard(api, {
      funnel_id: funnel.id,
      conversation_display_id: conversation.id,
      item_details: { title: 'Deal' },
    });
    await ok(api.post(`/kanban_items/${card.id}/create_checklist_item`, { text: 'Send offer' }), 'checklist item');
    await ok(api.post(`/kanban_items/${card.id}/create_note`, { text: 'Budget approved' }), 'card note');
    const attachment = new FormData();
    attachment.append('attachment', new Blob([PNG]), 'logo.png');
    await ok(api.post(`/kanban/items/${card.id}/attachments`, undefined, { form: attachment }), 'card attachment');
    return funnel.id;
  }

  it('leaves no row and no file of it in any service, refuses its late events, and takes its deletion event twice', async () => {
    const funnelId = await fill(doomed);
    const stageCounters = async () =>
      (await db.query('SELECT count(*)::int AS n FROM kanban.stage_counters WHERE funnel_id = $1', [funnelId])).rows[0]
        .n;
    expect(await stageCounters()).toBeGreaterThan(0);
    await survivor.admin.api.post('/inboxes', { name: 'Kept', channel: { type: 'api' } });
    const kept = {
      'messaging.inboxes': 1,
      'contacts.inboxes_view': 1,
      'campaigns.inboxes_view': 1,
      'reporting.inboxes_view': 1,
      'webhook_dispatcher.inboxes_view': 1,
    };
    await eventually(async () => expect(await rowsOf(survivor.id)).toMatchObject(kept), { timeoutMs });
    // Every service holds some of it (and its files are stored) before it goes.
    await eventually(async () => expect(schemasOf(await rowsOf(doomed.id))).toEqual([...SCHEMAS].sort()), {
      timeoutMs,
    });
    expect(await rowsOf(doomed.id)).toHaveProperty(['messaging.custom_filters'], 1);
    const stored = await filesOf(doomed.id);
    expect(stored.filter((file) => file.startsWith(`${AccountFiles.messages(doomed.id)}/`))).toHaveLength(1);
    expect(stored.filter((file) => file.startsWith(`${AccountFiles.kanban(doomed.id)}/`))).toHaveLength(1);
    expect(
      stored.filter((file) => file.startsWith(`${AccountFiles.contactImports(doomed.id)}/`)).length,
    ).toBeGreaterThan(0);

    expect((await platformClient().delete(`/platform/api/v1/accounts/${doomed.id}`)).status).toBe(204);
    await eventually(async () => expect(await rowsOf(doomed.id)).toEqual({}), { timeoutMs });
    await eventually(async () => expect(await filesOf(doomed.id)).toEqual([]), { timeoutMs });
    expect(await stageCounters()).toBe(0);
    const tombstones = async () => {
      const counts: number[] = [];
      for (const schema of SCHEMAS)
        counts.push(
          (
            await db.query(`SELECT count(*)::int AS n FROM "${schema}".deleted_accounts WHERE account_id = $1`, [
              doomed.id,
            ])
          ).rows[0].n,
        );
      return counts;
    };
    await eventually(async () => expect(await tombstones()).toEqual(SCHEMAS.map(() => 1)), { timeoutMs });

    // Late events of it (copies of its own, under new ids) are refused by every consumer.
    const late = await Promise.all(
      [InboxEvents.created, ContactEvents.created, ConversationEvents.created, MessageEvents.created].map((type) =>
        eventOf(type, doomed.id),
      ),
    );
    await republishAndWait(late);
    expect(await rowsOf(doomed.id)).toEqual({});
    // Its deletion delivered again, as the same event and as a new one, is harmless.
    const deletion = await eventOf(IdentityEvents.accountDeleted, doomed.id);
    // (Each consumer takes the same event before the new one: once the new one is handled, both are.)
    await republish(deletion);
    await republishAndWait([deletion]);
    expect(await rowsOf(doomed.id)).toEqual({});
    expect(await filesOf(doomed.id)).toEqual([]);
    expect(await tombstones()).toEqual(SCHEMAS.map(() => 1));
    expect((await platformClient().delete(`/platform/api/v1/accounts/${doomed.id}`)).status).toBe(404);

    // The other account keeps what it had.
    expect(await rowsOf(survivor.id)).toMatchObject({ 'messaging.accounts': 1, ...kept });
    expect((await survivor.admin.api.get('/inboxes')).body.payload).toHaveLength(1);
  });
});
