import {
  createTestAccount,
  eventually,
  gatewayClient,
  pauseService,
  restartService,
  resumeService,
  startService,
  stopService,
  type TestAccount,
} from '@parley/testing';

describe('services stopping, crashing and hanging', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
    expect((await account.admin.api.post('/labels', { title: 'survivor' })).status).toBe(201);
  });

  afterEach(async () => {
    // Whatever a test did, leave every service running for the next one.
    await resumeService('messaging');
    await startService('messaging').catch(() => undefined);
    await startService('contacts').catch(() => undefined);
  });

  it('keeps serving after a service is restarted, with its data', async () => {
    expect(await restartService('messaging')).toBe(0); // SIGTERM: a clean shutdown
    const list = await account.admin.api.get('/labels');
    expect(list.status).toBe(200);
    expect(list.body.payload.map((label: { title: string }) => label.title)).toContain('survivor');
  });

  it('keeps serving after a service crashes and comes back', async () => {
    expect(await restartService('messaging', { signal: 'SIGKILL' })).toBeNull(); // killed, no exit code
    expect((await account.admin.api.post('/labels', { title: 'after-crash' })).status).toBe(201);
  });

  it('keeps serving after the gateway itself restarts', async () => {
    await restartService('gateway');
    expect((await account.admin.api.get('/labels')).status).toBe(200);
  });

  it('answers 503 at once while a service is down, and recovers when it returns', async () => {
    expect((await account.admin.api.get('/labels')).status).toBe(200); // token cached
    await stopService('messaging');
    const down = await account.admin.api.get('/labels');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: 'The messaging service is unavailable' });
    await startService('messaging');
    expect((await account.admin.api.get('/labels')).status).toBe(200);
  });

  it('answers 504 when a service does not answer in time', async () => {
    expect((await account.admin.api.get('/labels')).status).toBe(200);
    await pauseService('messaging');
    const hung = await account.admin.api.get('/labels');
    expect(hung.status).toBe(504);
    expect(hung.body).toEqual({ error: 'The messaging service did not answer within 3000 ms' });
    await resumeService('messaging');
    await eventually(async () => expect((await account.admin.api.get('/labels')).status).toBe(200));
  });

  it('reports a stopped service in /health with 503', async () => {
    await stopService('contacts');
    // Under load a healthy service can miss one check: wait for a report that shows the steady state.
    await eventually(async () => {
      const report = await gatewayClient().get('/health');
      expect(report.status).toBe(503);
      expect(report.body.status).toBe('down');
      expect(report.body.services.contacts.status).toBe('down');
      expect(report.body.services.messaging.status).toBe('up');
    });
    await startService('contacts');
    await eventually(async () => expect((await gatewayClient().get('/health')).status).toBe(200));
  });
});
