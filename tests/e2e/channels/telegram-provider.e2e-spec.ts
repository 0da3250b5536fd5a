import {
  createTestAccount,
  eventually,
  failFakeProvider,
  fakeProvider,
  fakeProviderRequests,
  type DeliveredWebhook,
  type TestAccount,
} from '@parley/testing';
import { inboxReader } from './provider-fixtures';

describe('Telegram channel (against the fake Bot API)', () => {
  let account: TestAccount;
  let botToken: string;
  let inbox: { id: number; inbound_webhook_url: string };
  let reader: ReturnType<typeof inboxReader>;
  let updateId = 1;
  let messageId = 1;

  const update = (body: object, extra: Record<string, unknown> = {}) =>
    fakeProvider<DeliveredWebhook>('telegram', 'update', {
      bot: botToken,
      update: { update_id: updateId++, ...body },
      ...extra,
    });
  const from = (chatId: number, firstName: string) => ({
    from: { id: chatId, is_bot: false, first_name: firstName },
    chat: { id: chatId, type: 'private', first_name: firstName },
    date: Math.floor(Date.now() / 1000),
    message_id: messageId++,
  });
  const newChat = () => Math.floor(1e8 + Math.random() * 8e8);
  const calls = async (method: string) =>
    (await fakeProviderRequests('telegram', botToken)).filter((request) => request.path.endsWith(`/${method}`));

  beforeAll(async () => {
    account = await createTestAccount();
    ({ bot_token: botToken } = await fakeProvider<{ bot_token: string }>('telegram', 'bots'));
    const created = await account.admin.api.post('/inboxes', {
      name: 'Bot',
      channel: { type: 'bot_chat', bot_token: botToken },
    });
    expect(created.status).toBe(201);
    inbox = created.body;
    reader = inboxReader(account, inbox.id);
  });

  it('checks the token with getMe and points the bot at the inbox with a secret token', async () => {
    expect(await calls('getMe')).toHaveLength(1);
    expect(await fakeProvider('telegram', 'bot', { bot: botToken })).toEqual({
      webhook_url: inbox.inbound_webhook_url,
      has_secret_token: true,
    });
    expect(JSON.stringify(inbox)).not.toContain(botToken);
    const refused = await account.admin.api.post('/inboxes', {
      name: 'Bad',
      channel: { type: 'bot_chat', bot_token: '1:not-a-bot' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/bot_token/);
  });

  it('turns an update into a contact, a conversation and a message; a redelivery stores one; a bad secret is 401', async () => {
    const chat = newChat();
    const first = await update({ message: { ...from(chat, 'Tom Tele'), text: 'Hi bot' } });
    expect(first.status).toBe(200);
    expect((await update({}, { raw: first.raw })).status).toBe(200);
    const conversation = await reader.conversationOf('Tom Tele');
    await eventually(async () =>
      expect((await reader.messagesOf(conversation.id)).map((m) => m.content)).toEqual(['Hi bot']),
    );
    const bad = await update({ message: { ...from(newChat(), 'Forged Tele'), text: 'x' } }, { signature: 'bad' });
    const missing = await update(
      { message: { ...from(newChat(), 'Forged Tele'), text: 'x' } },
      { signature: 'missing' },
    );
    expect([bad.status, missing.status]).toEqual([401, 401]);
    await update({ message: { ...from(newChat(), 'After Forged'), text: 'real' } });
    await reader.conversationOf('After Forged');
    expect((await reader.conversations()).some((item) => item.meta.sender?.name === 'Forged Tele')).toBe(false);
  });

  it('fetches an inbound photo with getFile and stores it; a button press arrives as a message', async () => {
    const chat = newChat();
    const photo = Buffer.from('fake jpeg bytes');
    const { file_id } = await fakeProvider<{ file_id: string }>('telegram', 'files', {
      bot: botToken,
      content_base64: photo.toString('base64'),
      mime_type: 'image/jpeg',
    });
    await update({
      message: {
        ...from(chat, 'Pia Photo'),
        caption: 'look',
        photo: [{ file_id, file_unique_id: file_id, width: 90, height: 90 }],
      },
    });
    await update({
      callback_query: {
        id: `cb${chat}`,
        from: { id: chat, is_bot: false, first_name: 'Pia Photo' },
        chat_instance: '1',
        data: 'yes',
        message: from(chat, 'Pia Photo'),
      },
    });
    const conversation = await reader.conversationOf('Pia Photo');
    const messages = await eventually(async () => {
      const found = await reader.messagesOf(conversation.id);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(messages[0]).toMatchObject({
      content: 'look',
      attachments: [{ file_type: 'image', file_size: photo.length }],
    });
    expect(Buffer.from(await (await fetch(messages[0].attachments[0].data_url)).arrayBuffer())).toEqual(photo);
    expect(messages[1]).toMatchObject({ content: 'yes', message_type: 'incoming' });
    expect(await calls('answerCallbackQuery')).toHaveLength(1);
  });

  async function conversationWith(name: string): Promise<{ id: number; chat: number }> {
    const chat = newChat();
    await update({ message: { ...from(chat, name), text: 'hello' } });
    return { id: (await reader.conversationOf(name)).id, chat };
  }

  it('replies with sendMessage (an inline keyboard for input_select) and records the message id', async () => {
    const { id, chat } = await conversationWith('Rae Reply');
    const text = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'Hello Rae' });
    await account.admin.api.post(`/conversations/${id}/messages`, {
      content: 'Pick',
      content_type: 'input_select',
      content_attributes: { items: [{ title: 'Yes', value: 'yes' }] },
    });
    await reader.messageBecomes(id, text.body.id, { source_id: expect.stringMatching(new RegExp(`^${chat}:\\d+$`)) });
    const bodies = await eventually(async () => {
      const found = (await calls('sendMessage'))
        .map((request) => JSON.parse(request.body))
        .filter((body) => body.chat_id === String(chat));
      expect(found).toHaveLength(2);
      return found;
    });
    expect(bodies.find((body) => body.text === 'Hello Rae')).toBeDefined();
    expect(bodies.find((body) => body.text === 'Pick').reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Yes', callback_data: 'yes' }]],
    });
  });

  it('retries a 429 after retry_after, and fails a refusal with its code and description', async () => {
    const { id } = await conversationWith('Ray Retry');
    await failFakeProvider('telegram', botToken, {
      fail_times: 1,
      fail_status: 429,
      retry_after: 1,
      error_message: 'Too Many Requests: retry after 1',
    });
    const retried = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'eventually' });
    await eventually(
      async () => expect((await reader.messagesOf(id)).find((m) => m.id === retried.body.id)?.source_id).toBeTruthy(),
      {
        timeoutMs: 30_000,
      },
    );
    const attempts = (await calls('sendMessage')).filter((request) => request.body.includes('eventually'));
    expect(attempts.map((request) => request.status)).toEqual([429, 200]);
    await failFakeProvider('telegram', botToken, {
      fail_times: 1,
      fail_status: 403,
      error_message: 'Forbidden: bot was blocked by the user',
    });
    const refused = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'blocked' });
    await reader.messageBecomes(id, refused.body.id, {
      status: 'failed',
      external_error: '403: Forbidden: bot was blocked by the user',
    });
  });
});
