import {
  createTestAccount,
  eventually,
  fakeProvider,
  fakeProviderRequests,
  slowFakeProvider,
  startService,
  stopService,
  type FakeProviderRequest,
  type TestAccount,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { inboxReader, whatsAppInbox, type ShownMessage } from './provider-fixtures';

/** Sends one process holds in flight at once (`ChannelSendWorker`): the batch is larger. */
const IN_FLIGHT = 32;
const PER_PROVIDER = 14;
const PROVIDERS = 3;
/** How long the fakes hold their answers: longer than queuing the batch takes. */
const HOLD_MS = 20_000;
const UNKNOWN = /^outcome unknown: .*not sent again to avoid a duplicate/;

/** The text of a send as the fake received it (WhatsApp: `text.body`; Telegram: `text`; Twilio: `Body`). */
function sentText(request: FakeProviderRequest): string | null {
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
    return new URLSearchParams(request.body).get('Body');
  try {
    const body = JSON.parse(request.body) as { text?: string | { body?: string } };
    return typeof body.text === 'string' ? body.text : (body.text?.body ?? null);
  } catch {
    return null;
  }
}

describe('provider channels: sends survive a crash (kill -9 of messaging mid-batch)', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('sends nothing twice (counted at the fakes), sends every message not in flight once, and settles every in-flight one', async () => {
    // WhatsApp: every status webhook hands back the send's mark, so a lost answer is settled by its receipt.
    const { meta, inbox: whatsApp } = await whatsAppInbox(account, 'WhatsApp crash');
    await fakeProvider('meta', 'receipts', { account: meta.phone_number_id, url: whatsApp.inbound_webhook_url });
    // Telegram: nothing names a send afterwards, so a lost answer leaves its outcome unknown.
    const { bot_token: bot } = await fakeProvider<{ bot_token: string }>('telegram', 'bots');
    const telegram = (
      await account.admin.api.post('/inboxes', {
        name: 'Telegram crash',
        channel: { type: 'bot_chat', bot_token: bot },
      })
    ).body as { id: number };

    const waId = `1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    await fakeProvider('meta', 'webhook', {
      account: meta.phone_number_id,
      url: whatsApp.inbound_webhook_url,
      value: {
        contacts: [{ profile: { name: 'Cora Crash' }, wa_id: waId }],
        messages: [
          {
            from: waId,
            id: `wamid.${randomBytes(12).toString('hex')}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: 'hi' },
          },
        ],
      },
    });
    const chat = Math.floor(1e8 + Math.random() * 8e8);
    await fakeProvider('telegram', 'update', {
      bot,
      update: {
        update_id: 1,
        message: {
          message_id: 1,
          from: { id: chat, is_bot: false, first_name: 'Tess Crash' },
          chat: { id: chat, type: 'private', first_name: 'Tess Crash' },
          date: Math.floor(Date.now() / 1000),
          text: 'hi',
        },
      },
    });
    // Twilio: the account's Messages can be listed, so a lost answer is looked for there.
    const twilio = await fakeProvider<{ account_sid: string; auth_token: string; phone_number: string }>(
      'twilio',
      'accounts',
    );
    const sms = (
      await account.admin.api.post('/inboxes', {
        name: 'SMS crash',
        channel: { type: 'sms', ...twilio },
      })
    ).body as { id: number; inbound_webhook_url: string };
    const phone = `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    await fakeProvider('twilio', 'webhook', {
      account: twilio.account_sid,
      url: sms.inbound_webhook_url,
      fields: {
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        AccountSid: twilio.account_sid,
        From: phone,
        To: twilio.phone_number,
        Body: 'hi',
        NumMedia: '0',
        SmsStatus: 'received',
        ApiVersion: '2010-04-01',
      },
    });
    const smsReader = inboxReader(account, sms.id);
    const smsConversation = await eventually(async () => {
      const found = (await smsReader.conversations()).find((item) => item.meta.sender?.phone_number === phone);
      expect(found).toBeDefined();
      return found!.id;
    });
    const waReader = inboxReader(account, whatsApp.id);
    const tgReader = inboxReader(account, telegram.id);
    const waConversation = (await waReader.conversationOf('Cora Crash')).id;
    const tgConversation = (await tgReader.conversationOf('Tess Crash')).id;

    const waSends = async () =>
      (await fakeProviderRequests('meta', meta.phone_number_id)).filter((request) =>
        request.path.endsWith('/messages'),
      );
    const tgSends = async () =>
      (await fakeProviderRequests('telegram', bot)).filter((request) => request.path.endsWith('/sendMessage'));
    const smsSends = async () =>
      (await fakeProviderRequests('twilio', twilio.account_sid)).filter(
        (request) => request.method === 'POST' && request.path.endsWith('/Messages.json'),
      );
    const allSends = async () => [...(await waSends()), ...(await tgSends()), ...(await smsSends())];

    // Answers held long enough that the whole first claim is in flight when messaging dies.
    await slowFakeProvider('meta', meta.phone_number_id, HOLD_MS);
    await slowFakeProvider('telegram', bot, HOLD_MS);
    await slowFakeProvider('twilio', twilio.account_sid, HOLD_MS);
    const created: Array<{ id: number; text: string; conversation: number; provider: 'wa' | 'tg' | 'sms' }> = [];
    // The three conversations side by side, so the batch is queued well within the held answers.
    const batch = (provider: 'wa' | 'tg' | 'sms', conversation: number) => async () => {
      for (let n = 1; n <= PER_PROVIDER; n++) {
        const text = `Crash ${provider} ${n}`;
        const { body } = await account.admin.api.post(`/conversations/${conversation}/messages`, { content: text });
        created.push({ id: body.id, text, conversation, provider });
      }
    };
    await Promise.all([batch('wa', waConversation)(), batch('tg', tgConversation)(), batch('sms', smsConversation)()]);
    await eventually(async () => expect((await allSends()).length).toBe(IN_FLIGHT), {
      timeoutMs: 20_000,
    });
    await stopService('messaging', 'SIGKILL');
    const inFlight = new Set((await allSends()).map(sentText));
    expect(inFlight.size).toBe(IN_FLIGHT);
    await slowFakeProvider('meta', meta.phone_number_id, 0);
    await slowFakeProvider('telegram', bot, 0);
    await slowFakeProvider('twilio', twilio.account_sid, 0);
    await startService('messaging');

    const ended = await eventually(
      async () => {
        const messages = [
          ...(await waReader.messagesOf(waConversation)),
          ...(await tgReader.messagesOf(tgConversation)),
          ...(await smsReader.messagesOf(smsConversation)),
        ];
        const outcome = new Map<number, ShownMessage>();
        for (const { id } of created) {
          const message = messages.find((item) => item.id === id)!;
          // None stays pending: each ends with the provider's id or failed.
          expect(message.source_id !== null || message.status === 'failed').toBe(true);
          outcome.set(id, message);
        }
        return outcome;
      },
      { timeoutMs: 90_000 },
    );

    const received = (await allSends()).map(sentText);
    for (const message of created) {
      const shown = ended.get(message.id)!;
      const copies = received.filter((text) => text === message.text).length;
      if (!inFlight.has(message.text)) {
        // Never attempted before the kill: sent normally, once.
        expect({ text: message.text, copies }).toEqual({ text: message.text, copies: 1 });
        expect(shown).toMatchObject({ status: 'sent', source_id: expect.any(String) });
      } else {
        // In flight at the kill: the provider took it once and it was never sent again.
        expect({ text: message.text, copies }).toEqual({ text: message.text, copies: 1 });
        if (message.provider === 'wa')
          expect(shown).toMatchObject({ status: 'sent', source_id: expect.stringMatching(/^wamid\./) });
        // Found in the account's Messages.
        else if (message.provider === 'sms')
          expect(shown).toMatchObject({ status: 'sent', source_id: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
        else
          expect(shown).toMatchObject({
            status: 'failed',
            source_id: null,
            external_error: expect.stringMatching(UNKNOWN),
          });
      }
    }
    const sourceIds = [...ended.values()].map((message) => message.source_id).filter(Boolean);
    expect(new Set(sourceIds).size).toBe(sourceIds.length);
    expect(created.filter((message) => !inFlight.has(message.text))).toHaveLength(PROVIDERS * PER_PROVIDER - IN_FLIGHT);
  });
});
