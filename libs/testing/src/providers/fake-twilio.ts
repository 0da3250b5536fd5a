import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { FakeProviderServer, type FakeAnswer, type FakeFailure } from './fake-provider-server';

interface TwilioAccount {
  sid: string;
  token: string;
  phoneNumber: string;
}

function twilioError(status: number, code: number, message: string): FakeAnswer {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

/** Twilio's signature: base64 HMAC-SHA1 of the URL followed by each sorted parameter's name and value. */
export function twilioSignature(authToken: string, url: string, fields: Array<[string, string]>): string {
  const data = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .reduce((text, [name, value]) => text + name + value, url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * Twilio Programmable Messaging: `POST /2010-04-01/Accounts/{sid}/Messages.json` (form-encoded,
 * Basic auth; To, From or MessagingServiceSid, Body or MediaUrl), the account's record, media
 * downloads with Basic auth; webhooks and status callbacks posted form-encoded with
 * `X-Twilio-Signature`. Control: `accounts`, `media`, `webhook`, `status`.
 */
export class FakeTwilio extends FakeProviderServer {
  private readonly accounts = new Map<string, TwilioAccount>();
  private readonly callbacks = new Map<string, { account: string; url: string; to: string; from: string }>();
  private readonly media = new Map<string, { account: string; content: Buffer; mimeType: string }>();
  /** Each account's Message resources, newest first (the list API reads them). */
  private readonly messages = new Map<string, Array<Record<string, unknown>>>();

  constructor() {
    super('twilio');
  }

  protected accountOf(request: IncomingMessage): string | null {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!basic) return null;
    const [sid, token] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return this.accounts.get(sid)?.token === token ? sid : null;
  }

  protected unauthorised(): FakeAnswer {
    return twilioError(401, 20003, 'Authenticate');
  }

  protected errorBody(failure: FakeFailure): unknown {
    return twilioError(
      failure.fail_status,
      failure.error_code ?? 20500,
      failure.error_message ?? 'Internal Server Error',
    ).body;
  }

  protected async answer(sid: string, request: IncomingMessage, body: Buffer): Promise<FakeAnswer> {
    const path = (request.url ?? '').split('?')[0];
    const media = /^\/media\/(\w+)$/.exec(path);
    if (media) {
      const stored = this.media.get(media[1]);
      return stored?.account === sid
        ? { status: 200, body: stored.content, headers: { 'content-type': stored.mimeType } }
        : twilioError(404, 20404, 'Not found');
    }
    if (path === `/2010-04-01/Accounts/${sid}.json` && request.method === 'GET')
      return { status: 200, body: { sid, friendly_name: 'Parley test account', status: 'active' } };
    if (path === `/2010-04-01/Accounts/${sid}/Messages.json` && request.method === 'GET')
      return this.list(sid, request);
    if (path !== `/2010-04-01/Accounts/${sid}/Messages.json` || request.method !== 'POST')
      return twilioError(404, 20404, `The requested resource ${path} was not found`);
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return twilioError(400, 21620, 'Content-Type must be application/x-www-form-urlencoded');
    const form = new URLSearchParams(body.toString('utf8'));
    if (!form.get('To')) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!form.get('From') && !form.get('MessagingServiceSid'))
      return twilioError(400, 21603, "A 'From' phone number is required.");
    if (!form.get('Body') && !form.getAll('MediaUrl').length)
      return twilioError(400, 21602, 'Message body is required.');
    // Documented refusals: the sender must be the account's number (or a Messaging Service),
    // the body at most 1600 characters, the callback and media absolute http(s) URLs.
    const account = this.accounts.get(sid)!;
    if (form.get('From') && form.get('From') !== account.phoneNumber)
      return twilioError(
        400,
        21606,
        `The From phone number ${form.get('From')} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    if (form.get('MessagingServiceSid') && !/^MG[0-9a-f]{32}$/.test(form.get('MessagingServiceSid')!))
      return twilioError(400, 21701, 'The Messaging Service Sid is invalid.');
    if ((form.get('Body') ?? '').length > 1600)
      return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    const absolute = (value: string) => /^https?:\/\/[^\s/]+/.test(value);
    if (form.get('StatusCallback') !== null && !absolute(form.get('StatusCallback')!))
      return twilioError(400, 21609, 'The StatusCallback URL is not a valid URL.');
    if (form.getAll('MediaUrl').some((url) => !absolute(url))) return twilioError(400, 21620, 'Invalid media URL(s).');
    const messageSid = `SM${randomBytes(16).toString('hex')}`;
    const callback = form.get('StatusCallback');
    if (callback)
      this.callbacks.set(messageSid, {
        account: sid,
        url: callback,
        to: form.get('To')!,
        from: form.get('From') ?? '',
      });
    const now = new Date().toUTCString();
    const created = {
      sid: messageSid,
      account_sid: sid,
      messaging_service_sid: form.get('MessagingServiceSid'),
      from: form.get('From'),
      to: form.get('To'),
      body: form.get('Body'),
      status: form.get('MessagingServiceSid') ? 'accepted' : 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      num_media: String(form.getAll('MediaUrl').length),
      error_code: null,
      error_message: null,
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${sid}/Messages/${messageSid}.json`,
    };
    this.messages.set(sid, [created, ...(this.messages.get(sid) ?? [])]);
    return { status: 201, body: created };
  }

  /** `GET Messages.json`: the account's Messages, newest first, filtered by `To` and `From`, `PageSize` at most 1000. */
  private list(sid: string, request: IncomingMessage): FakeAnswer {
    const query = new URL(request.url ?? '/', this.url).searchParams;
    const size = Number(query.get('PageSize') ?? 50);
    if (!Number.isInteger(size) || size < 1 || size > 1000)
      return twilioError(400, 20001, 'PageSize must be between 1 and 1000');
    const messages = (this.messages.get(sid) ?? [])
      .filter((message) => !query.get('To') || message['to'] === query.get('To'))
      .filter((message) => !query.get('From') || message['from'] === query.get('From'))
      .slice(0, size);
    return {
      status: 200,
      body: {
        messages,
        page: 0,
        page_size: size,
        first_page_uri: `/2010-04-01/Accounts/${sid}/Messages.json?PageSize=${size}&Page=0`,
        next_page_uri: null,
        previous_page_uri: null,
        uri: request.url,
      },
    };
  }

  protected async control(action: string, body: Record<string, unknown>): Promise<unknown> {
    if (action === 'accounts') {
      const account: TwilioAccount = {
        sid: `AC${randomBytes(16).toString('hex')}`,
        token: randomBytes(16).toString('hex'),
        phoneNumber: `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
      };
      this.accounts.set(account.sid, account);
      return { account_sid: account.sid, auth_token: account.token, phone_number: account.phoneNumber };
    }
    if (action === 'media') {
      const id = `ME${randomBytes(16).toString('hex')}`;
      this.media.set(id, {
        account: String(body['account']),
        content: Buffer.from(String(body['content_base64']), 'base64'),
        mimeType: String(body['mime_type']),
      });
      return { url: `${this.url}/media/${id}` };
    }
    if (action === 'webhook') {
      const account = this.accounts.get(String(body['account']))!;
      return this.post(
        account,
        String(body['url']),
        Object.entries(body['fields'] as Record<string, string>),
        body['signature'],
      );
    }
    if (action === 'status') {
      const callback = this.callbacks.get(String(body['message_sid']));
      if (!callback) throw new Error(`no StatusCallback for ${String(body['message_sid'])}`);
      const account = this.accounts.get(callback.account)!;
      const fields: Array<[string, string]> = [
        ['MessageSid', String(body['message_sid'])],
        ['SmsSid', String(body['message_sid'])],
        ['MessageStatus', String(body['status'])],
        ['SmsStatus', String(body['status'])],
        ['AccountSid', account.sid],
        ['From', callback.from],
        ['To', callback.to],
        ['ApiVersion', '2010-04-01'],
      ];
      if (body['error_code'])
        fields.push(['ErrorCode', String(body['error_code'])], ['ErrorMessage', String(body['error_message'] ?? '')]);
      return this.post(account, callback.url, fields, body['signature']);
    }
    return null;
  }

  private async post(
    account: TwilioAccount,
    url: string,
    fields: Array<[string, string]>,
    forge: unknown,
  ): Promise<unknown> {
    const raw = new URLSearchParams(fields).toString();
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (forge !== 'missing')
      headers['x-twilio-signature'] = twilioSignature(forge === 'bad' ? 'wrong-token' : account.token, url, fields);
    return { ...(await this.deliver(url, raw, headers)), raw };
  }
}
