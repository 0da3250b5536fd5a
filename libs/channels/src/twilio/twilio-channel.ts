import { validateRequest } from 'twilio/lib/webhooks/webhooks';
import { callProvider, downloadBounded, failureOf } from '../http/provider-call';
import { headerOf } from '../meta/meta-signature';
import type { ChannelAdapter, CredentialVerdict } from '../port/channel-adapter';
import type { InboundDelivery, InboundMessage, InboundVerdict } from '../port/inbound-message';
import type { SendOutcome, SendRequest } from '../port/outgoing-message';
import type { TwilioChannelSettings } from './twilio-settings';
import { formFields, parseTwilioWebhook } from './twilio-webhook-parser';

export interface TwilioChannelConfig {
  /** `TWILIO_API_BASE_URL` (the `twilio` library has no base-URL setting, so Parley calls REST itself). */
  apiBaseUrl: string;
  maxMediaBytes: number;
}

/** Twilio's error body `{code, message, more_info, status}`: `"<code>: <message>"`. */
function describeTwilioError(json: unknown): string {
  const error = json as { code?: number; message?: string } | null;
  return error?.message ? `${error.code ?? 'error'}: ${error.message}` : '';
}

function basicAuth(sid: string, token: string): string {
  return `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
}

/**
 * Twilio Programmable Messaging (`Channel::Sms`): `Messages.json`, form-encoded, Basic auth,
 * with `StatusCallback` the inbox's webhook URL; webhooks checked with the official library's
 * `validateRequest` (`X-Twilio-Signature` over the full URL and the sorted form fields).
 */
export class TwilioChannel implements ChannelAdapter<TwilioChannelSettings> {
  readonly channelType = 'Channel::Sms' as const;
  /** The account's Messages can be listed: a send whose answer was lost is looked for there. */
  readonly unknownOutcome = 'look_up' as const;

  constructor(private readonly config: TwilioChannelConfig) {}

  private url(path: string): string {
    return `${this.config.apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/${path}`;
  }

  /** The form of a send: To, Body, From or MessagingServiceSid, StatusCallback, MediaUrl. */
  private form(request: SendRequest<TwilioChannelSettings>): URLSearchParams {
    const settings = request.inbox.settings;
    const form = new URLSearchParams({ To: request.contact.address, Body: request.message.content ?? '' });
    if (settings.messaging_service_sid) form.set('MessagingServiceSid', settings.messaging_service_sid);
    else form.set('From', settings.phone_number ?? '');
    return form;
  }

  /**
   * The account's Messages to the contact (`To`, and `From` unless a Messaging Service picks
   * it): those created since `since` with this body may be the send (oldest first; an agent can
   * send the same text twice). Twilio creates the Message when it answers the send's POST, so
   * none there means the request never arrived.
   */
  async findSent(request: SendRequest<TwilioChannelSettings>, since: Date): Promise<string[]> {
    const settings = request.inbox.settings;
    const sent = this.form(request);
    const query = new URLSearchParams({ To: sent.get('To')!, PageSize: '100' });
    if (sent.get('From')) query.set('From', sent.get('From')!);
    const call = await callProvider(
      this.url(`Accounts/${encodeURIComponent(settings.account_sid ?? '')}/Messages.json?${query}`),
      { headers: { authorization: basicAuth(settings.account_sid ?? '', settings.auth_token ?? '') } },
    );
    if (!call.ok) throw new Error(`Twilio could not be asked: ${(call.failure as { error: string }).error}`);
    if (call.answer.status >= 300)
      throw new Error(describeTwilioError(call.answer.json) || `Twilio answered HTTP ${call.answer.status}`);
    const messages = ((call.answer.json as { messages?: unknown[] } | null)?.messages ?? []) as Array<{
      sid?: string;
      body?: string;
      direction?: string;
      date_created?: string;
    }>;
    // Twilio's dates have whole seconds: a minute of slack for clocks apart.
    const from = since.getTime() - 60_000;
    return messages
      .filter(
        (message) =>
          message.sid &&
          message.direction?.startsWith('outbound') &&
          message.body === sent.get('Body') &&
          Date.parse(message.date_created ?? '') >= from,
      )
      .map((message) => message.sid!)
      .reverse();
  }

  async send(request: SendRequest<TwilioChannelSettings>): Promise<SendOutcome> {
    const settings = request.inbox.settings;
    if (!settings.account_sid || !settings.auth_token)
      return { outcome: 'permanent', externalError: 'channel not connected' };
    const form = this.form(request);
    if (settings.inbound_webhook_url) form.set('StatusCallback', settings.inbound_webhook_url);
    for (const attachment of request.message.attachments) if (attachment.url) form.append('MediaUrl', attachment.url);
    const call = await callProvider(this.url(`Accounts/${encodeURIComponent(settings.account_sid)}/Messages.json`), {
      method: 'POST',
      headers: {
        authorization: basicAuth(settings.account_sid, settings.auth_token),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    });
    if (!call.ok) return call.failure;
    const sid = (call.answer.json as { sid?: string } | null)?.sid;
    if (call.answer.status < 300 && sid) return { outcome: 'sent', providerMessageId: sid };
    return failureOf(call.answer, describeTwilioError);
  }

  verify(delivery: InboundDelivery, settings: TwilioChannelSettings): InboundVerdict {
    if (!settings.auth_token) return { verified: false, reason: 'the inbox has no auth_token' };
    const signature = headerOf(delivery, 'x-twilio-signature');
    if (!signature) return { verified: false, reason: 'X-Twilio-Signature is missing' };
    const fields = formFields(delivery.body);
    return validateRequest(settings.auth_token, signature, delivery.url ?? '', fields)
      ? { verified: true }
      : { verified: false, reason: 'X-Twilio-Signature does not match' };
  }

  async parse(delivery: InboundDelivery, settings: TwilioChannelSettings): Promise<InboundMessage[]> {
    const auth = basicAuth(settings.account_sid ?? '', settings.auth_token ?? '');
    return parseTwilioWebhook(formFields(delivery.body), (url) =>
      downloadBounded(url, { headers: { authorization: auth } }, this.config.maxMediaBytes),
    );
  }

  /** The account's record: proves the SID and the token together. */
  async checkCredentials(settings: TwilioChannelSettings): Promise<CredentialVerdict> {
    if (!settings.account_sid) return { accepted: false, field: 'account_sid', reason: 'account_sid is required' };
    if (!settings.auth_token) return { accepted: false, field: 'auth_token', reason: 'auth_token is required' };
    const call = await callProvider(this.url(`Accounts/${encodeURIComponent(settings.account_sid)}.json`), {
      headers: { authorization: basicAuth(settings.account_sid, settings.auth_token) },
    });
    if (!call.ok) return { accepted: false, field: 'auth_token', reason: (call.failure as { error: string }).error };
    if (call.answer.status < 300) return { accepted: true };
    const reason = describeTwilioError(call.answer.json) || `HTTP ${call.answer.status}`;
    return { accepted: false, field: call.answer.status === 404 ? 'account_sid' : 'auth_token', reason };
  }
}
