import { createTestAccount, type TestAccount } from '@parley/testing';

describe('canned responses', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('creates, lists, updates and deletes a canned response', async () => {
    const created = await account.admin.api.post('/canned_responses', {
      short_code: 'greet',
      content: 'Hi {{contact.name}}!',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      account_id: account.id,
      short_code: 'greet',
      content: 'Hi {{contact.name}}!',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect((await account.admin.api.get('/canned_responses')).body).toContainEqual(created.body);
    const updated = await account.admin.api.patch(`/canned_responses/${created.body.id}`, {
      content: 'Hello {{contact.name}}',
    });
    expect(updated.body.content).toBe('Hello {{contact.name}}');
    expect((await account.admin.api.delete(`/canned_responses/${created.body.id}`)).status).toBe(204);
    expect((await account.admin.api.patch(`/canned_responses/${created.body.id}`, { content: 'x' })).status).toBe(404);
  });

  it('searches short codes and content, short-code prefix matches first', async () => {
    await account.admin.api.post('/canned_responses', {
      short_code: 'refund_policy',
      content: 'Our policy allows returns.',
    });
    await account.admin.api.post('/canned_responses', {
      short_code: 'shipping',
      content: 'About refund of shipping costs.',
    });
    await account.admin.api.post('/canned_responses', { short_code: 'unrelated', content: 'Nothing here' });
    const found = await account.admin.api.get('/canned_responses?search=refund');
    expect(found.status).toBe(200);
    expect(found.body.map((response: { short_code: string }) => response.short_code)).toEqual([
      'refund_policy',
      'shipping',
    ]);
    expect((await account.admin.api.get('/canned_responses?search=100%25')).body).toEqual([]);
  });

  it('keeps short codes unique per account and free of spaces', async () => {
    await account.admin.api.post('/canned_responses', { short_code: 'thanks', content: 'Thank you!' });
    const duplicate = await account.admin.api.post('/canned_responses', { short_code: 'THANKS', content: 'Again' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toEqual({ error: 'Short code has already been taken', attributes: ['short_code'] });
    const spaced = await account.admin.api.post('/canned_responses', { short_code: 'two words', content: 'x' });
    expect(spaced.status).toBe(422);
    expect(spaced.body).toEqual({ error: 'Short code cannot contain spaces', attributes: ['short_code'] });
    expect((await account.admin.api.post('/canned_responses', { short_code: 'blank', content: '   ' })).status).toBe(
      422,
    );
    expect((await account.admin.api.post('/canned_responses', { short_code: 'nocontent' })).status).toBe(400);
  });
});
