import type { ProviderFakes } from '@parley/testing';
import { randomBytes } from 'node:crypto';

/** Posts to Parley's API of the bench workspace (JSON), answering the parsed body. */
export type BenchApi = (path: string, body: unknown) => Promise<any>;

/** A provider's send as the bench calls the fake directly (the outbound baseline). */
export interface DirectSend {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** One provider as the channels bench drives it through its fake. */
export interface BenchProvider {
  name: string;
  /** The fake's base URL (direct sends go there). */
  fakeUrl: string;
  /** Connects an inbox to a fresh fake account; answers the inbox (`id`, `inbound_webhook_url`). */
  connect(api: BenchApi): Promise<{ id: number; inbound_webhook_url: string }>;
  /** Has the fake post one signed inbound message from contact `contact` with `text` to `url`. */
  inbound(url: string, contact: number, text: string): Promise<{ status: number }>;
  /** Has the fake post a `delivered` receipt for a sent message to `url`; null: the provider sends none. */
  delivered: ((url: string, providerId: string, contactId: string) => Promise<unknown>) | null;
  /** The smallest valid send the fake accepts, to contact `contact` (`contactId` its id at the provider). */
  directSend(contactId: string): DirectSend;
}

const wa = (contact: number) => `1555000${String(contact).padStart(4, '0')}`;
const psid = (contact: number) => String(7_000_000_000_000_000 + contact);
const chat = (contact: number) => 500_000_000 + contact;
const phone = (contact: number) => `+1555100${String(contact).padStart(4, '0')}`;

export function benchProviders(fakes: ProviderFakes): BenchProvider[] {
  const whatsApp = (): BenchProvider => {
    let account: Record<string, string> = {};
    return {
      name: 'whatsapp',
      fakeUrl: fakes.meta.url,
      async connect(api) {
        account = (await fakes.meta.act('accounts', {})) as Record<string, string>;
        const { api_key, phone_number_id, app_secret } = account;
        return api('/inboxes', {
          name: 'Bench WhatsApp',
          enable_auto_assignment: false,
          channel: {
            type: 'mobile_chat',
            phone_number: '+15550001234',
            provider_config: { api_key, phone_number_id, app_secret },
          },
        });
      },
      inbound: (url, contact, text) =>
        fakes.meta.act('webhook', {
          account: account.phone_number_id,
          url,
          value: {
            contacts: [{ profile: { name: `Bench ${contact}` }, wa_id: wa(contact) }],
            messages: [
              {
                from: wa(contact),
                id: `wamid.bench${randomBytes(8).toString('hex')}`,
                timestamp: String(Math.floor(Date.now() / 1000)),
                type: 'text',
                text: { body: text },
              },
            ],
          },
        }) as Promise<{ status: number }>,
      delivered: (url, providerId) =>
        fakes.meta.act('webhook', {
          account: account.phone_number_id,
          url,
          value: { statuses: [{ id: providerId, status: 'delivered', timestamp: '1', recipient_id: '1' }] },
        }),
      directSend: (contactId) => ({
        path: `/v21.0/${account.phone_number_id}/messages`,
        headers: { authorization: `Bearer ${account.api_key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: contactId,
          type: 'text',
          text: { body: 'baseline' },
        }),
      }),
    };
  };
  const meta = (kind: 'messenger' | 'instagram'): BenchProvider => {
    let page: Record<string, string> = {};
    return {
      name: kind,
      fakeUrl: fakes.meta.url,
      async connect(api) {
        page = (await fakes.meta.act('pages', {})) as Record<string, string>;
        const [type, idField, tokenField] =
          kind === 'messenger'
            ? ['social_page', 'page_id', 'page_access_token']
            : ['social_direct', 'instagram_id', 'access_token'];
        return api('/inboxes', {
          name: `Bench ${kind}`,
          enable_auto_assignment: false,
          channel: { type, [idField]: page.id, [tokenField]: page.token, app_secret: page.app_secret },
        });
      },
      inbound: (url, contact, text) =>
        fakes.meta.act('page_webhook', {
          account: page.id,
          url,
          object: kind === 'messenger' ? 'page' : 'instagram',
          messaging: [
            {
              sender: { id: psid(contact) },
              recipient: { id: page.id },
              timestamp: Date.now(),
              message: { mid: `m_${randomBytes(12).toString('hex')}`, text },
            },
          ],
        }) as Promise<{ status: number }>,
      delivered: (url, providerId, contactId) =>
        fakes.meta.act('page_webhook', {
          account: page.id,
          url,
          object: kind === 'messenger' ? 'page' : 'instagram',
          messaging: [
            {
              sender: { id: contactId },
              recipient: { id: page.id },
              timestamp: Date.now(),
              delivery: { mids: [providerId], watermark: Date.now() },
            },
          ],
        }),
      directSend: (contactId) => ({
        path: `/v21.0/me/messages?access_token=${page.token}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient: { id: contactId },
          messaging_type: 'RESPONSE',
          message: { text: 'baseline' },
        }),
      }),
    };
  };
  const telegram = (): BenchProvider => {
    let bot = '';
    let update = 1;
    return {
      name: 'telegram',
      fakeUrl: fakes.telegram.url,
      async connect(api) {
        ({ bot_token: bot } = (await fakes.telegram.act('bots', {})) as { bot_token: string });
        return api('/inboxes', {
          name: 'Bench Telegram',
          enable_auto_assignment: false,
          channel: { type: 'bot_chat', bot_token: bot },
        });
      },
      inbound: (url, contact, text) =>
        fakes.telegram.act('update', {
          bot,
          url,
          update: {
            update_id: update++,
            message: {
              message_id: update,
              from: { id: chat(contact), is_bot: false, first_name: `Bench ${contact}` },
              chat: { id: chat(contact), type: 'private', first_name: `Bench ${contact}` },
              date: Math.floor(Date.now() / 1000),
              text,
            },
          },
        }) as Promise<{ status: number }>,
      // The Bot API reports no delivery.
      delivered: null,
      directSend: (contactId) => ({
        path: `/bot${bot}/sendMessage`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: contactId, text: 'baseline' }),
      }),
    };
  };
  const twilio = (): BenchProvider => {
    let account: Record<string, string> = {};
    return {
      name: 'twilio',
      fakeUrl: fakes.twilio.url,
      async connect(api) {
        account = (await fakes.twilio.act('accounts', {})) as Record<string, string>;
        const { account_sid, auth_token, phone_number } = account;
        return api('/inboxes', {
          name: 'Bench SMS',
          enable_auto_assignment: false,
          channel: { type: 'sms', account_sid, auth_token, phone_number },
        });
      },
      inbound: (url, contact, text) =>
        fakes.twilio.act('webhook', {
          account: account.account_sid,
          url,
          fields: {
            MessageSid: `SM${randomBytes(16).toString('hex')}`,
            AccountSid: account.account_sid,
            From: phone(contact),
            To: account.phone_number,
            Body: text,
            NumMedia: '0',
            SmsStatus: 'received',
            ApiVersion: '2010-04-01',
          },
        }) as Promise<{ status: number }>,
      // Twilio posts to the send's StatusCallback.
      delivered: (_url, providerId) => fakes.twilio.act('status', { message_sid: providerId, status: 'delivered' }),
      directSend: (contactId) => ({
        path: `/2010-04-01/Accounts/${account.account_sid}/Messages.json`,
        headers: {
          authorization: `Basic ${Buffer.from(`${account.account_sid}:${account.auth_token}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: contactId, From: account.phone_number, Body: 'baseline' }).toString(),
      }),
    };
  };
  return [whatsApp(), meta('messenger'), meta('instagram'), telegram(), twilio()];
}
