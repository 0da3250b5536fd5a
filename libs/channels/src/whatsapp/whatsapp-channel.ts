import { attachmentBytes } from '../http/attachment-bytes';
import { callProvider, downloadBounded, type ProviderCall } from '../http/provider-call';
import { graphCall, graphFailure, graphUrl, type GraphApiConfig } from '../meta/graph-api';
import { verifyMetaSignature } from '../meta/meta-signature';
import type { ChannelAdapter, CredentialVerdict } from '../port/channel-adapter';
import type { InboundDelivery, InboundMessage, InboundVerdict } from '../port/inbound-message';
import type { SendFailure, SendOutcome, SendRequest } from '../port/outgoing-message';
import { sendMarker } from '../port/send-marker';
import {
  interactiveBody,
  selectItems,
  templateBody,
  whatsAppMediaType,
  WHATSAPP_LIMITS,
} from './whatsapp-message-body';
import type { WhatsAppChannelSettings } from './whatsapp-settings';
import { parseWhatsAppWebhook } from './whatsapp-webhook-parser';

export interface WhatsAppChannelConfig {
  graph: GraphApiConfig;
  /** Largest inbound media file fetched, in bytes. */
  maxMediaBytes: number;
}

type Sent = { ok: true; id: string } | { ok: false; failure: SendFailure };

/**
 * WhatsApp Cloud API (`Channel::MobileChat`): `POST /{v}/{phone_number_id}/messages` with the
 * system user's token; files uploaded first (`/media`), one message per file (the text is the
 * first one's caption); templates, `input_select` as buttons or a list. Webhooks signed with
 * the App Secret.
 */
export class WhatsAppChannel implements ChannelAdapter<WhatsAppChannelSettings> {
  readonly channelType = 'Channel::MobileChat' as const;
  /** Every status webhook hands back `biz_opaque_callback_data`: a receipt names the message. */
  readonly unknownOutcome = 'await_receipt' as const;

  constructor(private readonly config: WhatsAppChannelConfig) {}

  async send(request: SendRequest<WhatsAppChannelSettings>): Promise<SendOutcome> {
    const { api_key: token, phone_number_id: phoneId } = request.inbox.settings.provider_config;
    if (!token || !phoneId) return { outcome: 'permanent', externalError: 'channel not connected' };
    const { message, contact } = request;
    const text = message.content ?? '';
    const envelope = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: contact.address,
      biz_opaque_callback_data: sendMarker(message.id),
    };
    const post = async (body: Record<string, unknown>): Promise<Sent> =>
      sentId(await graphCall(this.config.graph, token, `${phoneId}/messages`, { body: { ...envelope, ...body } }));

    let first: Sent | null = null;
    if (message.templateParams) {
      first = await post({ type: 'template', template: templateBody(message.templateParams) });
    } else if (message.attachments.length) {
      for (const [index, attachment] of message.attachments.entries()) {
        const type = whatsAppMediaType(attachment.contentType);
        const uploaded = await this.upload(token, phoneId, attachment);
        if (!uploaded.ok) return uploaded.failure;
        const media: Record<string, unknown> = { id: uploaded.id };
        if (index === 0 && text && type !== 'audio' && type !== 'sticker') media['caption'] = text;
        if (type === 'document') media['filename'] = attachment.filename;
        const sent = await post({ type, [type]: media });
        if (!sent.ok) return sent.failure;
        first ??= sent;
      }
    } else if (message.contentType === 'input_select' && selectItems(message.contentAttributes).length) {
      first = await post({
        type: 'interactive',
        interactive: interactiveBody(text, selectItems(message.contentAttributes)),
      });
    } else {
      if (text.length > WHATSAPP_LIMITS.text)
        return { outcome: 'permanent', externalError: `text longer than ${WHATSAPP_LIMITS.text} characters` };
      first = await post({ type: 'text', text: { body: text, preview_url: /https?:\/\//.test(text) } });
    }
    return first!.ok ? { outcome: 'sent', providerMessageId: first!.id } : first!.failure;
  }

  verify(delivery: InboundDelivery, settings: WhatsAppChannelSettings): InboundVerdict {
    return verifyMetaSignature(delivery, settings.provider_config.app_secret);
  }

  async parse(delivery: InboundDelivery, settings: WhatsAppChannelSettings): Promise<InboundMessage[]> {
    const token = settings.provider_config.api_key ?? '';
    return parseWhatsAppWebhook(JSON.parse(delivery.body.toString('utf8')), (id) => this.fetchMedia(token, id));
  }

  /** The phone number's record: proves the token and the phone number id together. */
  async checkCredentials(settings: WhatsAppChannelSettings): Promise<CredentialVerdict> {
    const { api_key: token, phone_number_id: phoneId } = settings.provider_config;
    if (!token) return { accepted: false, field: 'provider_config.api_key', reason: 'api_key is required' };
    if (!phoneId)
      return { accepted: false, field: 'provider_config.phone_number_id', reason: 'phone_number_id is required' };
    const call = await graphCall(
      this.config.graph,
      token,
      `${encodeURIComponent(phoneId)}?fields=id,display_phone_number`,
    );
    if (!call.ok)
      return {
        accepted: false,
        field: 'provider_config.api_key',
        reason: call.failure.outcome === 'transient' ? call.failure.error : call.failure.externalError,
      };
    if (call.answer.status < 300) return { accepted: true };
    const failure = graphFailure(call);
    const reason = failure.outcome === 'transient' ? failure.error : failure.externalError;
    const field =
      call.answer.status === 401 || reason.startsWith('190')
        ? 'provider_config.api_key'
        : 'provider_config.phone_number_id';
    return { accepted: false, field, reason };
  }

  private async upload(
    token: string,
    phoneId: string,
    attachment: SendRequest<unknown>['message']['attachments'][number],
  ): Promise<Sent> {
    let bytes: Buffer;
    try {
      bytes = await attachmentBytes(attachment);
    } catch (error) {
      return {
        ok: false,
        failure: { outcome: 'transient', error: `attachment unavailable: ${(error as Error).message}` },
      };
    }
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', attachment.contentType);
    form.append('file', new Blob([bytes], { type: attachment.contentType }), attachment.filename);
    const call = await callProvider(graphUrl(this.config.graph, `${phoneId}/media`), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!call.ok) return call;
    const id = (call.answer.json as { id?: string } | null)?.id;
    if (call.answer.status >= 300 || !id) return { ok: false, failure: graphFailure(call) };
    return { ok: true, id };
  }

  /** Media of a webhook: its record (a short-lived URL), then the bytes, both with the token. */
  private async fetchMedia(token: string, mediaId: string): Promise<{ content: Buffer; contentType: string }> {
    const call = await graphCall(this.config.graph, token, encodeURIComponent(mediaId));
    const url = call.ok ? (call.answer.json as { url?: string } | null)?.url : undefined;
    if (!url) throw new Error(`media ${mediaId} has no download URL`);
    return downloadBounded(url, { headers: { authorization: `Bearer ${token}` } }, this.config.maxMediaBytes);
  }
}

/** The `wamid` of a send, or why there is none. */
function sentId(call: ProviderCall): Sent {
  if (!call.ok) return call;
  const id = (call.answer.json as { messages?: Array<{ id?: string }> } | null)?.messages?.[0]?.id;
  if (call.answer.status < 300 && id) return { ok: true, id };
  return { ok: false, failure: graphFailure(call) };
}
