import {
  createTestAccount,
  eventually,
  failFakeProvider,
  fakeProvider,
  fakeProviderRequests,
  type DeliveredWebhook,
  type TestAccount,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { inboxReader } from './provider-fixtures';

interface TwilioAccount {
  account_sid: string;
  auth_token: string;
  phone_number: string;
}

describe('Twilio SMS channel (against the fake Twilio API)', () => {
  let account: TestAccount;
  let twilio: TwilioAccount;
  let inbox: { id: number; inbound_webhook_url: string };
  let reader: ReturnType<typeof inboxReader>;

  const sms = (
    phone: string,
    body: string,
    extra: Record<string, string> = {},
    options: Record<string, unknown> = {},
  ) =>
    fakeProvider<DeliveredWebhook>('twilio', 'webhook', {
      account: twilio.account_sid,
      url: inbox.inbound_webhook_url,
      fields: {
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        AccountSid: twilio.account_sid,
        From: phone,
        To: twilio.phone_number,
        Body: body,
        NumMedia: '0',
        SmsStatus: 'received',
        ApiVersion: '2010-04-01',
        ...extra,
      },
      ...options,
    });
  const newPhone = () => `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const sends = async () =>
    (await fakeProviderRequests('twilio', twilio.account_sid)).filter((request) =>
      request.path.endsWith('/Messages.json'),
    );

  beforeAll(async () => {
    account = await createTestAccount();
    twilio = await fakeProvider<TwilioAccount>('twilio', 'accounts');
    const created = await account.admin.api.post('/inboxes', {
      name: 'SMS',
      channel: {
        type: 'sms',
        phone_number: twilio.phone_number,
        account_sid: twilio.account_sid,
        auth_token: twilio.auth_token,
      },
    });
    expect(created.status).toBe(201);
    inbox = created.body;
    reader = inboxReader(account, inbox.id);
  });

  it('checks the credentials at the account and refuses a wrong auth_token (422 naming it)', async () => {
    expect(inbox).toMatchObject({ account_sid: twilio.account_sid, provider_connected: true });
    expect(JSON.stringify(inbox)).not.toContain(twilio.auth_token);
    const refused = await account.admin.api.post('/inboxes', {
      name: 'Bad SMS',
      channel: { type: 'sms', phone_number: twilio.phone_number, account_sid: twilio.account_sid, auth_token: 'wrong' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/auth_token/);
  });

  it('turns an SMS with media into a message; a redelivery stores one; a bad or missing signature is 401', async () => {
    const phone = newPhone();
    const picture = Buffer.from('fake mms picture');
    const { url } = await fakeProvider<{ url: string }>('twilio', 'media', {
      account: twilio.account_sid,
      content_base64: picture.toString('base64'),
      mime_type: 'image/jpeg',
    });
    const first = await sms(phone, 'Hello by SMS', { NumMedia: '1', MediaUrl0: url, MediaContentType0: 'image/jpeg' });
    expect(first.status).toBe(200);
    expect(first.body).toContain('<Response>');
    const conversation = await eventually(async () => {
      const found = (await reader.conversations()).find((item) => item.meta.sender?.phone_number === phone);
      expect(found).toBeDefined();
      return found!;
    });
    const [message] = await eventually(async () => {
      const found = await reader.messagesOf(conversation.id);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(message).toMatchObject({
      content: 'Hello by SMS',
      attachments: [{ file_type: 'image', file_size: picture.length }],
    });
    const bad = await sms(newPhone(), 'forged', {}, { signature: 'bad' });
    const missing = await sms(newPhone(), 'forged', {}, { signature: 'missing' });
    expect([bad.status, missing.status]).toEqual([401, 401]);
    await sms(phone, 'second');
    await eventually(async () =>
      expect((await reader.messagesOf(conversation.id)).map((m) => m.content)).toEqual(['Hello by SMS', 'second']),
    );
    expect((await reader.conversations()).filter((item) => item.meta.sender?.phone_number !== phone)).toHaveLength(0);
  });

  async function conversationWith(): Promise<{ id: number; phone: string }> {
    const phone = newPhone();
    await sms(phone, 'help please');
    const found = await eventually(async () => {
      const conversation = (await reader.conversations()).find((item) => item.meta.sender?.phone_number === phone);
      expect(conversation).toBeDefined();
      return conversation!;
    });
    return { id: found.id, phone };
  }

  it('sends through Messages.json with a StatusCallback, and callbacks move the status forward only', async () => {
    const { id, phone } = await conversationWith();
    const sent = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'On our way' });
    const message = await reader.messageBecomes(id, sent.body.id, { source_id: expect.stringMatching(/^SM/) });
    const [request] = (await sends()).filter((item) => item.body.includes('On+our+way'));
    const form = new URLSearchParams(request.body);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${twilio.account_sid}:${twilio.auth_token}`).toString('base64')}`,
    );
    expect(Object.fromEntries(form)).toMatchObject({
      To: phone,
      From: twilio.phone_number,
      Body: 'On our way',
      StatusCallback: inbox.inbound_webhook_url,
    });
    const callback = (status: string, extra: Record<string, unknown> = {}) =>
      fakeProvider<DeliveredWebhook>('twilio', 'status', { message_sid: message.source_id, status, ...extra });
    expect((await callback('delivered')).status).toBe(200);
    await reader.messageBecomes(id, message.id, { status: 'delivered' });
    await callback('sent');
    await callback('queued');
    await callback('undelivered', { error_code: 30003, error_message: 'Unreachable destination handset' });
    await reader.messageBecomes(id, message.id, {
      status: 'failed',
      external_error: '30003: Unreachable destination handset',
    });
    await callback('delivered');
    await reader.messageBecomes(id, message.id, { status: 'failed' });
  });

  it('retries a 5xx then sends once, and fails a permanent refusal with its code', async () => {
    const { id } = await conversationWith();
    await failFakeProvider('twilio', twilio.account_sid, {
      fail_times: 1,
      fail_status: 503,
      error_code: 20503,
      error_message: 'Service Unavailable',
    });
    const retried = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'retried text' });
    await eventually(
      async () => expect((await reader.messagesOf(id)).find((m) => m.id === retried.body.id)?.source_id).toMatch(/^SM/),
      {
        timeoutMs: 30_000,
      },
    );
    expect((await sends()).filter((item) => item.body.includes('retried+text')).map((item) => item.status)).toEqual([
      503, 201,
    ]);
    await failFakeProvider('twilio', twilio.account_sid, {
      fail_times: 1,
      fail_status: 400,
      error_code: 21211,
      error_message: "The 'To' number is not a valid phone number.",
    });
    const refused = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'refused text' });
    await reader.messageBecomes(id, refused.body.id, {
      status: 'failed',
      external_error: "21211: The 'To' number is not a valid phone number.",
    });
  });
});
