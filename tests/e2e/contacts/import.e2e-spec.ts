import {
  CableClient,
  createTestAccount,
  createWebhookEndpoint,
  e2eQuery,
  eventually,
  gatewayClient,
  readE2eState,
  restartService,
  startService,
  stopService,
  type TestAccount,
} from '@parley/testing';

async function upload(account: TestAccount, csv: string | Buffer) {
  const form = new FormData();
  form.append('import_file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
  const response = await fetch(`${readE2eState().gatewayUrl}/api/v1/accounts/${account.id}/contacts/import`, {
    method: 'POST',
    headers: { api_access_token: account.admin.token },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function finished(account: TestAccount, id: number, timeoutMs = 30_000) {
  return eventually(
    async () => {
      const job = (await account.admin.api.get(`/contacts/imports/${id}`)).body;
      expect(['completed', 'failed']).toContain(job.status);
      return job;
    },
    { timeoutMs },
  );
}

/** Whether contacts' copy of messaging's definitions holds the account's contact attribute `key`. */
async function contactsKnowAttribute(accountId: number, key: string): Promise<boolean> {
  const rows = await e2eQuery(
    `SELECT 1 FROM contacts.attribute_definitions_view WHERE account_id = $1 AND NOT deleted AND definition ->> 'attribute_key' = $2`,
    [accountId, key],
  );
  return rows.length > 0;
}

/** A new account whose webhook receives contact_created. */
async function accountWithContactWebhook() {
  const fresh = await createTestAccount();
  const endpoint = await createWebhookEndpoint();
  const subscribed = await fresh.admin.api.post('/webhooks', { url: endpoint.url, subscriptions: ['contact_created'] });
  expect(subscribed.status).toBe(201);
  return { fresh, endpoint };
}

describe('CSV import', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    expect(
      (
        await account.admin.api.post('/contacts', {
          inbox_id: inbox,
          name: 'Existing',
          email: 'existing@example.com',
          identifier: 'ext-1',
        })
      ).status,
    ).toBe(201);
    await account.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: 'Tier',
      attribute_display_type: 'list',
      attribute_model: 1,
      attribute_values: ['gold', 'silver'],
    });
  });

  it('imports good rows, updates matches, and reports bad rows as CSV with an errors column', async () => {
    const csv = [
      '\ufeffname,email,phone_number,identifier,additional_attributes_city,custom_attributes_tier',
      'Ana,ana@example.com,+5511900000010,,Lisbon,gold',
      'Renamed,,,ext-1,Porto,',
      'Bad Email,not-an-email,,,,',
      'Bad Phone,,12345,,,',
      'Bad Tier,tier@example.com,,,,platinum',
      ',,,,,',
      'Ana Again,ANA@example.com,,,,silver',
    ].join('\n');
    const created = await upload(account, csv);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      status: expect.stringMatching(/queued|running|completed/),
    });
    const job = await finished(account, created.body.id);
    expect(job).toMatchObject({ status: 'completed', rows_total: 7, processed: 7, created: 1, updated: 2, failed: 4 });

    const contacts = (await account.admin.api.get('/contacts?q=ana')).body.payload;
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      name: 'Ana Again',
      email: 'ana@example.com',
      phone_number: '+5511900000010',
      additional_attributes: { city: 'Lisbon' },
      custom_attributes: { tier: 'silver' },
    });
    const renamed = (await account.admin.api.get('/contacts?q=ext-1')).body.payload[0];
    expect(renamed).toMatchObject({
      name: 'Renamed',
      email: 'existing@example.com',
      additional_attributes: { city: 'Porto' },
    });

    const errors = await fetch(
      `${readE2eState().gatewayUrl}/api/v1/accounts/${account.id}/contacts/imports/${created.body.id}/errors`,
      {
        headers: { api_access_token: account.admin.token },
      },
    );
    expect(errors.status).toBe(200);
    expect(errors.headers.get('content-type')).toContain('text/csv');
    const lines = (await errors.text()).trim().split('\n');
    expect(lines[0]).toBe(
      'name,email,phone_number,identifier,additional_attributes_city,custom_attributes_tier,errors',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('Bad Email,not-an-email,,,,,Email is invalid');
    expect(lines[2]).toContain('E.164');
    expect(lines[3]).toContain('Tier must be one of: gold, silver');
    expect(lines[4]).toContain('Row has no name, email, phone_number or identifier');
  });

  it('counts rows, not lines: a quoted field may hold a line break', async () => {
    const fresh = await createTestAccount();
    const csv = 'name,email\n"Ana\nMaria",anamaria@example.com\n\nBo,bo@example.com\n';
    const created = await upload(fresh, csv);
    expect(created.status).toBe(201);
    const job = await finished(fresh, created.body.id);
    expect(job).toMatchObject({ status: 'completed', rows_total: 2, processed: 2, created: 2, failed: 0 });
    const [contact] = (await fresh.admin.api.get('/contacts?q=anamaria')).body.payload;
    expect(contact.name).toBe('Ana\nMaria');
  });

  it('fails a row too long to announce, and goes on with the rest and the events after it', async () => {
    const { fresh, endpoint } = await accountWithContactWebhook();
    const note = 'x'.repeat(40_000);
    const csv = `name,email,additional_attributes_note\nHuge,huge@example.com,${note}\nSmall,small@example.com,fine\n`;
    const created = await upload(fresh, csv);
    expect(created.status).toBe(201);
    const job = await finished(fresh, created.body.id);
    expect(job).toMatchObject({ status: 'completed', rows_total: 2, created: 1, failed: 1 });
    const errors = await fetch(
      `${readE2eState().gatewayUrl}/api/v1/accounts/${fresh.id}/contacts/imports/${created.body.id}/errors`,
      { headers: { api_access_token: fresh.admin.token } },
    );
    expect(await errors.text()).toContain('Row is too long (maximum is 32768 characters)');

    // The contacts service's events still flow: the imported contact and one created after it are announced.
    const inbox = (await fresh.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const later = await fresh.admin.api.post('/contacts', {
      inbox_id: inbox,
      name: 'Later',
      email: 'later@example.com',
    });
    expect(later.status).toBe(201);
    await eventually(
      async () => {
        const emails = (await endpoint.requests()).map((request) => JSON.parse(request.body).data.email);
        expect(emails.sort()).toEqual(['later@example.com', 'small@example.com']);
      },
      { timeoutMs: 30_000, description: 'contact_created for the imported and the later contact' },
    );
  });

  it('refuses a file over 50,000 rows with 400 naming the limit', async () => {
    const rows = ['name,email', ...Array.from({ length: 50_001 }, (_, i) => `Person ${i},person${i}@example.com`)].join(
      '\n',
    );
    const response = await upload(account, rows);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('import_file: at most 50000 rows per file (this one has 50001)');
  });

  it('refuses an upload without the file, and agents (403)', async () => {
    const response = await fetch(`${readE2eState().gatewayUrl}/api/v1/accounts/${account.id}/contacts/import`, {
      method: 'POST',
      headers: { api_access_token: account.admin.token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    const agent = await account.addUser('agent');
    expect((await agent.api.post('/contacts/import', {})).status).toBe(403);
  });

  it('announces each imported contact on its own: a contact_created webhook and a contact.created frame to resume from', async () => {
    const { fresh, endpoint } = await accountWithContactWebhook();
    const profile = (await gatewayClient(fresh.admin.token).get('/api/v1/profile')).body;
    const cableUrl = `${readE2eState().gatewayUrl.replace(/^http/, 'ws')}/cable`;
    const cable = new CableClient(cableUrl);
    // A client that connects after the import and resumes from the middle of it.
    const later = new CableClient(cableUrl);
    try {
      const room = cable.room({ pubsub_token: profile.pubsub_token, user_id: fresh.admin.id, account_id: fresh.id });
      await eventually(() => expect(room.connects).toBe(1));
      // More rows than one event carries, so the contacts travel in several.
      const total = 250;
      const emails = Array.from({ length: total }, (_, i) => `announced${i}@example.com`);
      const created = await upload(
        fresh,
        ['name,email', ...emails.map((email, i) => `Person ${i},${email}`)].join('\n'),
      );
      expect(created.status).toBe(201);
      expect(await finished(fresh, created.body.id)).toMatchObject({
        status: 'completed',
        rows_total: total,
        created: total,
      });

      const bodies = await eventually(
        async () => {
          const received = (await endpoint.requests()).map((request) => JSON.parse(request.body));
          expect(received).toHaveLength(total);
          return received as Array<{ id: string; event: string; account: { id: number }; data: any }>;
        },
        { timeoutMs: 30_000, description: 'one contact_created per imported row' },
      );
      expect(new Set(bodies.map((body) => body.id)).size).toBe(total);
      for (const body of bodies) {
        expect(body).toMatchObject({ event: 'contact_created', account: { id: fresh.id } });
        expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      }
      expect(bodies.map((body) => body.data.email).sort()).toEqual([...emails].sort());
      const ids = new Map<string, number>(bodies.map((body) => [body.data.email, body.data.id]));
      const sample = (await fresh.admin.api.get(`/contacts/${ids.get(emails[123])}`)).body.payload;
      expect(sample).toMatchObject({ email: emails[123], name: 'Person 123' });

      const frames = await eventually(
        () => {
          const received = room.received.filter((frame) => frame.event === 'contact.created');
          expect(received).toHaveLength(total);
          return received.map((frame) => frame.data as { id: number; email: string; type: string; account_id: number });
        },
        { timeoutMs: 30_000, description: 'one contact.created frame per imported row' },
      );
      for (const frame of frames) {
        expect(frame).toMatchObject({ type: 'contact', account_id: fresh.id });
        expect(frame.id).toBe(ids.get(frame.email));
      }
      expect(new Set(frames.map((frame) => frame.id)).size).toBe(total);

      // An event's frames share a message of the realtime stream; a client resumes from any of them.
      const eventIds = room.received
        .filter((frame) => frame.event === 'contact.created')
        .map((frame) => frame.event_id as string);
      expect(new Set(eventIds).size).toBe(total);
      const resumed = later.room({ pubsub_token: profile.pubsub_token, user_id: fresh.admin.id, account_id: fresh.id });
      await eventually(() => expect(resumed.connects).toBe(1));
      resumed.perform('resume', { since: eventIds[149] });
      await eventually(() =>
        expect(
          resumed.received.filter((frame) => frame.event === 'contact.created').map((frame) => frame.event_id),
        ).toEqual(eventIds.slice(150)),
      );
      // A frame of a batch the stream does not hold (a sequence past its end) asks for a refetch.
      const [sequence] = eventIds[249].split('-').map(Number);
      resumed.perform('resume', { since: `${sequence + 1000}-0` });
      await eventually(() =>
        expect(resumed.received.filter((frame) => frame.event === 'resync_required')).toEqual([
          expect.objectContaining({ data: expect.objectContaining({ since: `${sequence + 1000}-0` }) }),
        ]),
      );
    } finally {
      cable.close();
      later.close();
    }
  });

  it('imports while messaging cannot answer, judging rows by the definitions contacts already has', async () => {
    const fresh = await createTestAccount();
    const defined = await fresh.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: 'Tier',
      attribute_display_type: 'list',
      attribute_model: 1,
      attribute_values: ['gold', 'silver'],
    });
    expect(defined.status).toBe(201);
    await eventually(async () => expect(await contactsKnowAttribute(fresh.id, 'tier')).toBe(true));
    // The gateway keeps the token it has just checked, so it still lets the admin in.
    expect((await fresh.admin.api.get('/contacts')).status).toBe(200);

    await stopService('messaging');
    try {
      const csv = 'name,email,custom_attributes_tier\nAna,ana@example.com,gold\nBo,bo@example.com,platinum\n';
      const created = await upload(fresh, csv);
      expect(created.status).toBe(201);
      const job = await finished(fresh, created.body.id);
      expect(job).toMatchObject({ status: 'completed', processed: 2, created: 1, failed: 1 });
      const [ana] = (await fresh.admin.api.get('/contacts?q=ana')).body.payload;
      expect(ana.custom_attributes).toEqual({ tier: 'gold' });
    } finally {
      await startService('messaging');
    }
  });

  it('continues after the contacts service is killed mid-import, without duplicating rows', async () => {
    const fresh = await createTestAccount();
    const total = 5_000;
    const csv = [
      'name,email,identifier',
      ...Array.from({ length: total }, (_, i) => `Person ${i},resume${i}@example.com,r-${i}`),
    ].join('\n');
    const created = await upload(fresh, csv);
    expect(created.status).toBe(201);
    await eventually(
      async () =>
        expect((await fresh.admin.api.get(`/contacts/imports/${created.body.id}`)).body.processed).toBeGreaterThan(0),
      { intervalMs: 10 },
    );
    await restartService('contacts', { signal: 'SIGKILL' });
    const job = await finished(fresh, created.body.id, 60_000);
    expect(job).toMatchObject({ status: 'completed', processed: total, created: total, failed: 0 });
    expect((await fresh.admin.api.get('/contacts')).body.meta.count).toBe(total);
  });
});
