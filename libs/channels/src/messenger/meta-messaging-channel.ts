import { createHmac } from 'node:crypto';
import { callProvider, downloadBounded, type ProviderCall } from '../http/provider-call';
import { graphFailure, graphUrl, type GraphApiConfig } from '../meta/graph-api';
import { verifyMetaSignature } from '../meta/meta-signature';
import type { ChannelAdapter, CredentialVerdict } from '../port/channel-adapter';
import type { InboundDelivery, InboundMessage, InboundVerdict } from '../port/inbound-message';
import type { SendFailure, SendOutcome, SendRequest } from '../port/outgoing-message';
import { sendMarker } from '../port/send-marker';
import { selectItems } from '../whatsapp/whatsapp-message-body';
import { metaAccount, type MetaMessagingKind, type MetaMessagingSettings } from './meta-messaging-settings';
import { parseMetaMessagingWebhook } from './meta-messaging-webhook-parser';

export interface MetaMessagingConfig {
  graph: GraphApiConfig;
  maxMediaBytes: number;
}

const HOUR_MS = 3_600_000;
/** Messenger's text limit, in characters; quick replies at most 13. */
const TEXT_LIMIT = 2000;
const QUICK_REPLIES = 13;
const ATTACHMENT_TYPES: Record<string, string> = { image: 'image', audio: 'audio', video: 'video' };

type Sent = { ok: true; id: string } | { ok: false; failure: SendFailure };

/**
 * How a reply may go out (Meta's policy): a `RESPONSE` within 24 h of the contact's last
 * message; on Messenger, a human agent's reply up to 7 days later with the `HUMAN_AGENT` tag
 * (never a bot's or the system's); null when the window is closed.
 */
export function messagingTypeFor(
  kind: MetaMessagingKind,
  lastIncomingAt: Date | null | undefined,
  humanSender: boolean,
  now = new Date(),
): { messaging_type: string; tag?: string } | null {
  const age = lastIncomingAt ? now.getTime() - lastIncomingAt.getTime() : Infinity;
  if (age <= 24 * HOUR_MS) return { messaging_type: 'RESPONSE' };
  if (kind === 'messenger' && humanSender && age <= 7 * 24 * HOUR_MS)
    return { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' };
  return null;
}

/**
 * Messenger (`Channel::SocialPage`) and Instagram (`Channel::SocialDirect`) through the Send API:
 * `POST /{v}/me/messages?access_token=…` with `appsecret_proof`; text with quick replies for
 * `input_select`, files by their (expiring, public) link. Webhooks signed with the App Secret.
 */
export class MetaMessagingChannel implements ChannelAdapter<MetaMessagingSettings> {
  readonly channelType;
  /** Messenger's echoes hand back the send's `metadata`; Instagram documents no such field. */
  readonly unknownOutcome;

  constructor(
    private readonly kind: MetaMessagingKind,
    private readonly config: MetaMessagingConfig,
  ) {
    this.channelType = kind === 'messenger' ? ('Channel::SocialPage' as const) : ('Channel::SocialDirect' as const);
    this.unknownOutcome = kind === 'messenger' ? ('await_receipt' as const) : undefined;
  }

  private url(path: string, token: string, appSecret: string | null | undefined): string {
    const query = new URLSearchParams({ access_token: token });
    if (appSecret) query.set('appsecret_proof', createHmac('sha256', appSecret).update(token).digest('hex'));
    return `${graphUrl(this.config.graph, path)}${path.includes('?') ? '&' : '?'}${query}`;
  }

  async send(request: SendRequest<MetaMessagingSettings>): Promise<SendOutcome> {
    const settings = request.inbox.settings;
    const { token } = metaAccount(this.kind, settings);
    if (!token) return { outcome: 'permanent', externalError: 'channel not connected' };
    const type = messagingTypeFor(this.kind, request.thread.lastIncomingAt, request.message.senderName !== null);
    if (!type)
      return {
        outcome: 'permanent',
        externalError: 'outside the messaging window: the contact has not written for over 24 hours',
      };
    const post = async (message: Record<string, unknown>): Promise<Sent> =>
      sentId(
        await callProvider(this.url('me/messages', token, settings.app_secret), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            recipient: { id: request.contact.address },
            ...type,
            message: this.kind === 'messenger' ? { ...message, metadata: sendMarker(request.message.id) } : message,
          }),
        }),
      );
    const text = request.message.content ?? '';
    if (text.length > TEXT_LIMIT)
      return { outcome: 'permanent', externalError: `text longer than ${TEXT_LIMIT} characters` };
    let first: Sent | null = null;
    const items = request.message.contentType === 'input_select' ? selectItems(request.message.contentAttributes) : [];
    if (text || items.length) {
      first = await post(
        items.length
          ? {
              text: text || 'Choose one',
              quick_replies: items
                .slice(0, QUICK_REPLIES)
                .map((item) => ({ content_type: 'text', title: item.title.slice(0, 20), payload: item.value })),
            }
          : { text },
      );
      if (!first.ok) return first.failure;
    }
    for (const attachment of request.message.attachments) {
      if (!attachment.url)
        return { outcome: 'permanent', externalError: `file ${attachment.filename} has no public link to send` };
      const kind = ATTACHMENT_TYPES[attachment.contentType.split('/')[0]] ?? 'file';
      const sent = await post({ attachment: { type: kind, payload: { url: attachment.url, is_reusable: false } } });
      if (!sent.ok) return sent.failure;
      first ??= sent;
    }
    return first?.ok
      ? { outcome: 'sent', providerMessageId: first.id }
      : { outcome: 'permanent', externalError: 'nothing to send' };
  }

  verify(delivery: InboundDelivery, settings: MetaMessagingSettings): InboundVerdict {
    return verifyMetaSignature(delivery, settings.app_secret);
  }

  async parse(delivery: InboundDelivery): Promise<InboundMessage[]> {
    return parseMetaMessagingWebhook(JSON.parse(delivery.body.toString('utf8')), (url) =>
      downloadBounded(url, {}, this.config.maxMediaBytes),
    );
  }

  /**
   * The sender's profile with the page's token: Messenger's User Profile API (`first_name`,
   * `last_name`), Instagram's (`name`, else `username`). Any failure: no name.
   */
  async senderName(settings: MetaMessagingSettings, identity: string): Promise<string | null> {
    const { token } = metaAccount(this.kind, settings);
    if (!token || !/^\d+$/.test(identity)) return null;
    const fields = this.kind === 'messenger' ? 'first_name,last_name' : 'name,username';
    const call = await callProvider(this.url(`${identity}?fields=${fields}`, token, settings.app_secret), {});
    if (!call.ok || call.answer.status >= 300) return null;
    const profile = (call.answer.json ?? {}) as Partial<
      Record<'first_name' | 'last_name' | 'name' | 'username', string>
    >;
    const name =
      this.kind === 'messenger'
        ? [profile.first_name, profile.last_name].filter(Boolean).join(' ')
        : (profile.name ?? profile.username ?? '');
    return name.trim() || null;
  }

  /** The token's own account (`/me`): it must be the page (or Instagram account) the inbox names. */
  async checkCredentials(settings: MetaMessagingSettings): Promise<CredentialVerdict> {
    const { id, token } = metaAccount(this.kind, settings);
    const [idField, tokenField] =
      this.kind === 'messenger' ? ['page_id', 'page_access_token'] : ['instagram_id', 'access_token'];
    if (!token || !id)
      return {
        accepted: false,
        field: token ? idField : tokenField,
        reason: `${idField} and ${tokenField} are required`,
      };
    const call = await callProvider(this.url('me?fields=id,name', token, settings.app_secret), {});
    if (!call.ok) return { accepted: false, field: tokenField, reason: (call.failure as { error: string }).error };
    if (call.answer.status >= 300) {
      const failure = graphFailure(call);
      return {
        accepted: false,
        field: tokenField,
        reason: failure.outcome === 'permanent' ? failure.externalError : failure.error,
      };
    }
    const owner = (call.answer.json as { id?: string } | null)?.id;
    return owner === id
      ? { accepted: true }
      : { accepted: false, field: idField, reason: `the token belongs to ${owner ?? 'another account'}` };
  }
}

function sentId(call: ProviderCall): Sent {
  if (!call.ok) return call;
  const id = (call.answer.json as { message_id?: string } | null)?.message_id;
  if (call.answer.status < 300 && id) return { ok: true, id };
  return { ok: false, failure: graphFailure(call) };
}
