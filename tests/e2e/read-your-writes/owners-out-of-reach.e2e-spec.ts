import {
  createTestAccount,
  pauseService,
  resumeService,
  startService,
  stopService,
  type TestAccount,
} from '@parley/testing';

/**
 * A read-model miss asks the owner; when the owner cannot answer, the client hears so (503 or
 * 504), never a false "does not exist". What the copy already holds needs no owner.
 */
describe('read your writes: an owner out of reach', () => {
  let account: TestAccount;
  let knownInbox: number;
  let knownContact: number;

  beforeAll(async () => {
    account = await createTestAccount();
    knownInbox = (await account.admin.api.post('/inboxes', { name: 'Known', channel: { type: 'api' } })).body.id;
    knownContact = (await account.admin.api.post('/contacts', { inbox_id: knownInbox, name: 'Known' })).body.payload
      .contact.id;
    // Both now in the other side's copy: created through the owner's answer.
    expect(
      (
        await account.admin.api.post('/conversations', {
          inbox_id: knownInbox,
          contact_id: knownContact,
          source_id: 's',
        })
      ).status,
    ).toBe(201);
  });

  afterEach(async () => {
    // Whatever a test did, leave every service running for the next one.
    await resumeService('messaging');
    await startService('messaging').catch(() => undefined);
    await startService('contacts').catch(() => undefined);
  });

  it('answers 503 for an inbox contacts has not seen while messaging is down, and serves known ones', async () => {
    await stopService('messaging');
    const unknown = await account.admin.api.post('/contacts', { inbox_id: 2147483000, name: 'Nowhere' });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 503,
      body: { error: 'The messaging service is unavailable' },
    });
    expect((await account.admin.api.post('/contacts', { inbox_id: knownInbox, name: 'Still fine' })).status).toBe(201);
    await startService('messaging');
    expect((await account.admin.api.post('/contacts', { inbox_id: 2147483000, name: 'Nowhere' })).status).toBe(422);
  });

  it('answers 504 for an inbox contacts has not seen while messaging hangs', async () => {
    await pauseService('messaging');
    const unknown = await account.admin.api.post('/contacts', { inbox_id: 2147483000, name: 'Nowhere' });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 504,
      body: { error: 'The messaging service did not answer within 2000 ms' },
    });
  });

  it('answers 503 for a contact messaging has not seen while contacts is down, and serves known ones', async () => {
    await stopService('contacts');
    const unknown = await account.admin.api.post('/conversations', {
      inbox_id: knownInbox,
      contact_id: 2147483000,
      source_id: 's',
    });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 503,
      body: { error: 'The contacts service is unavailable' },
    });
    expect(
      (
        await account.admin.api.post('/conversations', {
          inbox_id: knownInbox,
          contact_id: knownContact,
          source_id: 's',
        })
      ).status,
    ).toBe(201);
  });
});
