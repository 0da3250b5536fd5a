import {
  createTestAccount,
  eventually,
  gatewayClient,
  platformClient,
  readE2eState,
  type TestAccount,
} from '@parley/testing';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

/** `GET /platform/api/v1/users/{id}/login`: a single-use sign-in link, good for 10 minutes. */
describe('sign-in links', () => {
  let account: TestAccount;
  const linkFor = (userId: number) => platformClient().get(`/platform/api/v1/users/${userId}/login`);
  /** The link's path on the gateway (its origin is PUBLIC_URL, the gateway's in this run). */
  const pathOf = (url: string) => {
    const link = new URL(url);
    expect(link.origin).toBe(new URL(readE2eState().gatewayUrl).origin);
    return link.pathname;
  };

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('signs the user in once: a fresh working access token and the profile; 401 on the second use', async () => {
    const link = await linkFor(account.admin.id);
    expect(link.status).toBe(200);
    expect(link.body).toEqual({ url: expect.stringMatching(/\/auth\/sso\/[A-Za-z0-9_-]{32,}$/) });
    const path = pathOf(link.body.url);

    const signedIn = await gatewayClient().get(path);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(signedIn.body).toEqual({
      access_token: expect.any(String),
      user: expect.objectContaining({
        id: account.admin.id,
        email: account.admin.email,
        accounts: [expect.objectContaining({ id: account.id, role: 'administrator' })],
      }),
    });
    expect(signedIn.body.access_token).not.toBe(account.admin.token);
    const profile = await gatewayClient(signedIn.body.access_token).get('/api/v1/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(account.admin.id);
    // The user's other tokens keep working.
    expect((await gatewayClient(account.admin.token).get('/api/v1/profile')).status).toBe(200);

    const again = await gatewayClient().get(path);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: 'The sign-in link is invalid or has expired' });
  });

  it("keeps the link's token out of the gateway's access log", async () => {
    const path = pathOf((await linkFor(account.admin.id)).body.url);
    const token = path.split('/').pop()!;
    const used = await gatewayClient().get(path);
    expect(used.status).toBe(200);
    const requestId = used.headers.get('x-request-id')!;
    const log = join(readE2eState().logDir, 'gateway.log');
    await eventually(() => expect(readFileSync(log, 'utf8')).toContain(requestId), { timeoutMs: 5_000 });
    expect(readFileSync(log, 'utf8')).not.toContain(token);
  });

  it('lets one of two simultaneous uses through', async () => {
    const path = pathOf((await linkFor(account.admin.id)).body.url);
    const answers = await Promise.all([1, 2, 3].map(() => gatewayClient().get(path)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
  });

  it('expires after 10 minutes', async () => {
    const link = await linkFor(account.admin.id);
    const token = pathOf(link.body.url).split('/').pop()!;
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      const hash = createHash('sha256').update(token).digest('hex');
      const { rows } = await db.query(
        `SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM messaging.sign_in_links WHERE token_hash = $1`,
        [hash],
      );
      expect(rows).toEqual([{ ttl: 600 }]);
      // Ten minutes pass: moved here by the clock of the row, not by waiting.
      await db.query(
        `UPDATE messaging.sign_in_links SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
        [hash],
      );
    } finally {
      await db.end();
    }
    expect((await gatewayClient().get(pathOf(link.body.url))).status).toBe(401);
  });

  it('answers 401 to an unknown or malformed link, and stops working with its user', async () => {
    for (const token of ['x'.repeat(43), 'short', '..%2F..', 'a'.repeat(90)]) {
      const response = await gatewayClient().get(`/auth/sso/${token}`);
      expect({ token, status: response.status }).toEqual({ token, status: 401 });
      expect(typeof response.body.error).toBe('string');
    }
    const leaving = await account.addUser('agent');
    const path = pathOf((await linkFor(leaving.id)).body.url);
    expect((await platformClient().delete(`/platform/api/v1/users/${leaving.id}`)).status).toBe(204);
    expect((await gatewayClient().get(path)).status).toBe(401);
  });

  it('is made only with the platform token, for a user who exists and is active', async () => {
    expect((await gatewayClient().get(`/platform/api/v1/users/${account.admin.id}/login`)).status).toBe(401);
    expect(
      (await gatewayClient(account.admin.token).get(`/platform/api/v1/users/${account.admin.id}/login`)).status,
    ).toBe(401);
    const missing = await linkFor(2_000_000_000);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'User not found' });
    expect((await platformClient().get('/platform/api/v1/users/abc/login')).status).toBe(400);
    const invited = await account.admin.api.post('/agents', {
      name: 'Pending Pat',
      email: `pending-${Date.now()}@example.com`,
      role: 'agent',
    });
    expect(invited.status).toBe(201);
    const pending = await linkFor(invited.body.id);
    expect(pending.status).toBe(422);
    expect(pending.body).toEqual({ error: 'User has not activated their account yet' });
  });
});
