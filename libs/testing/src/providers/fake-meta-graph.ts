import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { FakeProviderServer, type FakeAnswer, type FakeFailure } from './fake-provider-server';

interface MetaAccount {
  phoneNumberId: string;
  displayPhoneNumber: string;
  wabaId: string;
  token: string;
  appSecret: string;
}

interface StoredMedia {
  account: string;
  content: Buffer;
  mimeType: string;
}

const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'];
const WA_TYPES = new Set(['text', 'template', 'interactive', 'reaction', 'location', 'contacts', ...MEDIA_TYPES]);

/** Graph's error envelope. */
function graphError(status: number, code: number, message: string): FakeAnswer {
  return {
    status,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: message },
        fbtrace_id: 'Afake',
      },
    },
  };
}

interface MetaPage {
  id: string;
  token: string;
  appSecret: string;
}

const MESSAGING_TYPES = new Set(['RESPONSE', 'UPDATE', 'MESSAGE_TAG']);
/** Documented limits: `biz_opaque_callback_data` 512 characters, the Send API's `metadata` 1000. */
const OPAQUE_LIMIT = 512;
const METADATA_LIMIT = 1000;

/** Meta's webhook signature header over the raw body. */
function signed(secret: string, raw: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
  };
}

function isPageSend(request: IncomingMessage): boolean {
  return request.method === 'POST' && /^\/v\d+\.\d+\/me\/messages$/.test((request.url ?? '').split('?')[0]);
}

/**
 * The Meta Graph API as WhatsApp Cloud, Messenger and Instagram use it. WhatsApp: `POST /{v}/{phone_number_id}/messages` (JSON,
 * Bearer token; each message kind's required fields checked, 4096-character text), `/media`
 * uploads (multipart), media records and downloads, the phone number's record; webhooks signed
 * `X-Hub-Signature-256` with the app's secret. Messenger and Instagram: the Send API
 * `POST /{v}/me/messages?access_token=…` (with `appsecret_proof` checked when given; the
 * messaging type, `HUMAN_AGENT` tag and message checked), `/me`, attachments on a CDN path.
 * Control: `accounts`, `media`, `webhook`, `receipts` (a `sent` status posted after each
 * accepted message, `biz_opaque_callback_data` handed back, redelivered until taken: WhatsApp);
 * `pages`, `page_webhook`, `profiles` (a user's profile fields), `echoes` (an echo of each accepted send with its `metadata`, posted
 * after the answer or, `before_answer`, taken by Parley before the answer leaves: Messenger).
 */
export class FakeMetaGraph extends FakeProviderServer {
  private readonly accounts = new Map<string, MetaAccount>();
  private readonly media = new Map<string, StoredMedia>();
  private readonly pages = new Map<string, MetaPage>();
  /** WhatsApp account → where its `sent` statuses go. */
  private readonly receipts = new Map<string, string>();
  /** Page → where its echoes go, and whether they overtake the send's answer. */
  private readonly echoes = new Map<string, { url: string; beforeAnswer: boolean }>();
  /** `<page>:<user id>` → the user's profile fields (Messenger's and Instagram's User Profile API). */
  private readonly profiles = new Map<string, Record<string, string>>();
  /** A send's message id chosen when its echo went out before the answer. */
  private readonly echoedMids = new WeakMap<IncomingMessage, string>();

  constructor() {
    super('meta');
  }

  private byToken(request: IncomingMessage): MetaAccount | null {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    return [...this.accounts.values()].find((account) => account.token === token) ?? null;
  }

  protected accountOf(request: IncomingMessage): string | null {
    const url = new URL(request.url ?? '/', this.url);
    const cdn = /^\/cdn\/([\w.-]+)$/.exec(url.pathname);
    if (cdn) return this.media.get(cdn[1])?.account ?? null;
    const token = url.searchParams.get('access_token');
    if (token) {
      const page = [...this.pages.values()].find((candidate) => candidate.token === token);
      const proof = url.searchParams.get('appsecret_proof');
      if (!page || (proof && proof !== createHmac('sha256', page.appSecret).update(token).digest('hex'))) return null;
      return page.id;
    }
    return this.byToken(request)?.phoneNumberId ?? null;
  }

  protected unauthorised(): FakeAnswer {
    return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
  }

  protected errorBody(failure: FakeFailure): unknown {
    return graphError(
      failure.fail_status,
      failure.error_code ?? 131000,
      failure.error_message ?? 'Something went wrong',
    ).body;
  }

  protected async answer(account: string, request: IncomingMessage, body: Buffer): Promise<FakeAnswer> {
    const path = (request.url ?? '').split('?')[0];
    if (this.pages.has(account)) return this.pageAnswer(account, path, request, body);
    const download = /^\/media-files\/([\w.-]+)$/.exec(path);
    if (download) {
      const media = this.media.get(download[1]);
      if (!media || media.account !== account) return graphError(404, 100, 'Unknown media');
      return { status: 200, body: media.content, headers: { 'content-type': media.mimeType } };
    }
    const match = /^\/(v\d+\.\d+)\/([\w.-]+)(\/messages|\/media)?$/.exec(path);
    if (!match) return graphError(400, 100, `Unknown path ${path}`);
    const [, , node, edge] = match;
    if (!edge && request.method === 'GET') {
      if (node === account)
        return {
          status: 200,
          body: { id: node, display_phone_number: this.accounts.get(account)!.displayPhoneNumber },
        };
      const media = this.media.get(node);
      if (!media || media.account !== account)
        return graphError(400, 100, `Unsupported get request. Object with ID '${node}' does not exist`);
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          url: `${this.url}/media-files/${node}`,
          mime_type: media.mimeType,
          sha256: createHash('sha256').update(media.content).digest('hex'),
          file_size: media.content.length,
          id: node,
        },
      };
    }
    if (node !== account) return graphError(400, 100, `Object with ID '${node}' does not exist or is not this token's`);
    if (edge === '/media') return this.upload(account, request, body);
    if (edge === '/messages')
      return this.message(JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>, request);
    return graphError(400, 100, 'Unsupported request');
  }

  protected override async arrived(account: string, request: IncomingMessage, body: Buffer): Promise<void> {
    const echo = this.echoes.get(account);
    if (!echo?.beforeAnswer || !isPageSend(request)) return;
    const mid = `m_${randomBytes(16).toString('base64url')}`;
    this.echoedMids.set(request, mid);
    const raw = this.echoOf(account, body, mid);
    if (raw) await this.deliver(echo.url, raw, signed(this.pages.get(account)!.appSecret, raw));
  }

  protected override answered(account: string, request: IncomingMessage, body: Buffer, answer: FakeAnswer): void {
    const echo = this.echoes.get(account);
    if (echo && !echo.beforeAnswer && isPageSend(request)) {
      const raw = this.echoOf(account, body, (answer.body as { message_id: string }).message_id);
      if (raw) this.deliverUntilTaken(echo.url, raw, signed(this.pages.get(account)!.appSecret, raw));
    }
    const receipts = this.receipts.get(account);
    if (receipts && request.method === 'POST' && (request.url ?? '').split('?')[0].endsWith('/messages')) {
      const sent = JSON.parse(body.toString('utf8')) as { to: string; biz_opaque_callback_data?: string };
      const raw = this.whatsAppWebhook(this.accounts.get(account)!, {
        statuses: [
          {
            id: (answer.body as { messages: Array<{ id: string }> }).messages[0].id,
            status: 'sent',
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: sent.to,
            ...(sent.biz_opaque_callback_data ? { biz_opaque_callback_data: sent.biz_opaque_callback_data } : {}),
          },
        ],
      });
      this.deliverUntilTaken(receipts, raw, signed(this.accounts.get(account)!.appSecret, raw));
    }
  }

  /** The `message_echoes` event of a page's send (null when the send was no message). */
  private echoOf(page: string, body: Buffer, mid: string): string | null {
    const sent = JSON.parse(body.toString('utf8') || '{}') as {
      recipient?: { id?: string };
      message?: { text?: string; metadata?: string; attachment?: { type?: string; payload?: { url?: string } } };
    };
    if (!sent.message || !sent.recipient?.id) return null;
    const { text, metadata, attachment } = sent.message;
    return JSON.stringify({
      object: 'page',
      entry: [
        {
          id: page,
          time: Date.now(),
          messaging: [
            {
              sender: { id: page },
              recipient: { id: sent.recipient.id },
              timestamp: Date.now(),
              message: {
                is_echo: true,
                app_id: 1517776481860111,
                ...(metadata !== undefined ? { metadata } : {}),
                mid,
                ...(text !== undefined ? { text } : {}),
                ...(attachment ? { attachments: [attachment] } : {}),
              },
            },
          ],
        },
      ],
    });
  }

  private pageAnswer(page: string, path: string, request: IncomingMessage, body: Buffer): FakeAnswer {
    const cdn = /^\/cdn\/([\w.-]+)$/.exec(path);
    if (cdn) {
      const media = this.media.get(cdn[1])!;
      return { status: 200, body: media.content, headers: { 'content-type': media.mimeType } };
    }
    if (/^\/v\d+\.\d+\/me$/.test(path) && request.method === 'GET')
      return { status: 200, body: { id: page, name: 'Parley test page' } };
    const user = /^\/v\d+\.\d+\/(\d+)$/.exec(path)?.[1];
    if (user && request.method === 'GET') {
      const profile = this.profiles.get(`${page}:${user}`);
      if (!profile) return graphError(400, 100, `Unsupported get request. Object with ID '${user}' does not exist`);
      const fields = new URL(request.url ?? '/', this.url).searchParams.get('fields')?.split(',') ?? ['id'];
      return {
        status: 200,
        body: Object.fromEntries([
          ...fields.filter((field) => field in profile).map((field) => [field, profile[field]]),
          ['id', user],
        ]),
      };
    }
    if (!/^\/v\d+\.\d+\/me\/messages$/.test(path) || request.method !== 'POST')
      return graphError(400, 100, `Unknown path ${path}`);
    const sent = JSON.parse(body.toString('utf8') || '{}') as {
      recipient?: { id?: string };
      messaging_type?: string;
      tag?: string;
      message?: { text?: string; metadata?: unknown; attachment?: { type?: string; payload?: { url?: string } } };
    };
    if (
      sent.message?.metadata !== undefined &&
      (typeof sent.message.metadata !== 'string' || sent.message.metadata.length > METADATA_LIMIT)
    )
      return graphError(400, 100, `metadata must be a string of ${METADATA_LIMIT} characters at most`);
    if (!sent.recipient?.id) return graphError(400, 100, 'The parameter recipient is required');
    if (!MESSAGING_TYPES.has(sent.messaging_type ?? '')) return graphError(400, 100, 'messaging_type is invalid');
    if (sent.messaging_type === 'MESSAGE_TAG' && !sent.tag) return graphError(400, 100, 'A MESSAGE_TAG needs its tag');
    const text = sent.message?.text;
    const attachment = sent.message?.attachment;
    const quickReplies = (
      sent.message as { quick_replies?: Array<{ content_type?: string; title?: string; payload?: string }> }
    )?.quick_replies;
    // Documented limits: 13 quick replies, titles of 20 characters, payloads of 1000.
    if (
      quickReplies &&
      (quickReplies.length > 13 ||
        quickReplies.some(
          (reply) =>
            reply.content_type === 'text' &&
            (!reply.title || reply.title.length > 20 || !reply.payload || reply.payload.length > 1000),
        ))
    )
      return graphError(400, 100, 'Invalid quick_replies');
    if (attachment && !['image', 'audio', 'video', 'file', 'template'].includes(attachment.type ?? ''))
      return graphError(400, 100, 'attachment.type must be image, audio, video, file or template');
    if (text === undefined && !attachment?.payload?.url)
      return graphError(400, 100, 'message needs text or an attachment with a url');
    if (text !== undefined && text.length > 2000)
      return graphError(400, 100, 'text must be UTF-8 and 2000 characters or fewer');
    return {
      status: 200,
      body: {
        recipient_id: sent.recipient.id,
        message_id: this.echoedMids.get(request) ?? `m_${randomBytes(16).toString('base64url')}`,
      },
    };
  }

  private upload(account: string, request: IncomingMessage, body: Buffer): FakeAnswer {
    const type = request.headers['content-type'] ?? '';
    const text = body.toString('latin1');
    if (!type.startsWith('multipart/form-data')) return graphError(400, 100, 'Uploads are multipart/form-data');
    if (!text.includes('name="messaging_product"') || !text.includes('name="file"') || !text.includes('name="type"'))
      return graphError(400, 100, 'The parameters file, type and messaging_product are required');
    const id = String(Date.now()) + randomBytes(4).readUInt32BE();
    this.media.set(id, { account, content: body, mimeType: 'application/octet-stream' });
    return { status: 200, body: { id } };
  }

  private message(body: Record<string, unknown>, request: IncomingMessage): FakeAnswer {
    if (request.headers['content-type']?.split(';')[0] !== 'application/json')
      return graphError(400, 100, 'JSON expected');
    const type = body['type'] as string;
    if (body['messaging_product'] !== 'whatsapp') return graphError(400, 100, 'messaging_product must be whatsapp');
    if (typeof body['to'] !== 'string' || !body['to']) return graphError(400, 100, 'The parameter to is required');
    const opaque = body['biz_opaque_callback_data'];
    if (opaque !== undefined && (typeof opaque !== 'string' || opaque.length > OPAQUE_LIMIT))
      return graphError(400, 100, `biz_opaque_callback_data must be a string of ${OPAQUE_LIMIT} characters at most`);
    if (!WA_TYPES.has(type) || typeof body[type] !== 'object')
      return graphError(400, 100, `Invalid parameter: ${type}`);
    const content = body[type] as Record<string, unknown>;
    if (type === 'text' && (typeof content['body'] !== 'string' || (content['body'] as string).length > 4096))
      return graphError(400, 100, 'text.body is required, 4096 characters at most');
    if (MEDIA_TYPES.includes(type) && !content['id'] && !content['link'])
      return graphError(400, 100, 'media id or link required');
    if (
      type === 'template' &&
      (typeof content['name'] !== 'string' || typeof (content['language'] as { code?: string })?.code !== 'string')
    )
      return graphError(400, 100, 'template.name and template.language.code are required');
    if (type === 'interactive') {
      const interactive = content as {
        type?: string;
        action?: {
          buttons?: Array<{ reply?: { id?: string; title?: string } }>;
          sections?: Array<{ rows?: Array<{ id?: string; title?: string }> }>;
        };
      };
      if (typeof interactive.action !== 'object') return graphError(400, 100, 'interactive.action must be an object');
      const buttons = interactive.action.buttons ?? [];
      if (interactive.type === 'button' && (buttons.length > 3 || buttons.length === 0))
        return graphError(400, 131009, 'Buttons: between 1 and 3');
      // Documented limits: a reply button's title 20 characters, a list's rows 10 in all, a row's title 24.
      if (buttons.some((button) => !button.reply?.id || !button.reply.title || button.reply.title.length > 20))
        return graphError(400, 131009, 'Button title length invalid');
      const rows = (interactive.action.sections ?? []).flatMap((section) => section.rows ?? []);
      const listButton = (interactive.action as { button?: unknown }).button;
      if (interactive.type === 'list' && (typeof listButton !== 'string' || !listButton || listButton.length > 20))
        return graphError(400, 131009, 'action.button is required, 20 characters at most');
      if (interactive.type === 'list' && (rows.length === 0 || rows.length > 10))
        return graphError(400, 131009, 'Rows: between 1 and 10');
      if (rows.some((row) => !row.id || !row.title || row.title.length > 24))
        return graphError(400, 131009, 'Row title length invalid');
    }
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: body['to'], wa_id: String(body['to']).replace(/^\+/, '') }],
        messages: [{ id: `wamid.${randomBytes(18).toString('base64url')}` }],
      },
    };
  }

  protected async control(action: string, body: Record<string, unknown>): Promise<unknown> {
    if (action === 'accounts') {
      const account: MetaAccount = {
        phoneNumberId: String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999)),
        displayPhoneNumber: `1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
        wabaId: String(Math.floor(Math.random() * 1e15)),
        token: `EAAG${randomBytes(24).toString('hex')}`,
        appSecret: randomBytes(16).toString('hex'),
      };
      this.accounts.set(account.phoneNumberId, account);
      return {
        phone_number_id: account.phoneNumberId,
        display_phone_number: account.displayPhoneNumber,
        business_account_id: account.wabaId,
        api_key: account.token,
        app_secret: account.appSecret,
      };
    }
    if (action === 'media') {
      const id = String(Date.now()) + randomBytes(4).readUInt32BE();
      this.media.set(id, {
        account: String(body['account']),
        content: Buffer.from(String(body['content_base64']), 'base64'),
        mimeType: String(body['mime_type']),
      });
      return { id };
    }
    if (action === 'webhook') return this.webhook(body);
    if (action === 'receipts') {
      this.receipts.set(String(body['account']), String(body['url']));
      return {};
    }
    if (action === 'profiles') {
      this.profiles.set(`${String(body['account'])}:${String(body['id'])}`, body['profile'] as Record<string, string>);
      return {};
    }
    if (action === 'echoes') {
      if (body['url'] === null) return { stopped: this.echoes.delete(String(body['account'])) };
      this.echoes.set(String(body['account']), {
        url: String(body['url']),
        beforeAnswer: body['before_answer'] === true,
      });
      return {};
    }
    if (action === 'pages') {
      const page: MetaPage = {
        id: String(Math.floor(1e14 + Math.random() * 8e14)),
        token: `EAAP${randomBytes(24).toString('hex')}`,
        appSecret: randomBytes(16).toString('hex'),
      };
      this.pages.set(page.id, page);
      return { id: page.id, token: page.token, app_secret: page.appSecret };
    }
    if (action === 'page_media') {
      const id = `cdn${randomBytes(8).toString('hex')}`;
      this.media.set(id, {
        account: String(body['account']),
        content: Buffer.from(String(body['content_base64']), 'base64'),
        mimeType: String(body['mime_type']),
      });
      return { url: `${this.url}/cdn/${id}` };
    }
    if (action === 'page_webhook') {
      const page = this.pages.get(String(body['account']))!;
      const raw =
        typeof body['raw'] === 'string'
          ? body['raw']
          : JSON.stringify({
              object: body['object'] ?? 'page',
              entry: [{ id: page.id, time: Date.now(), messaging: body['messaging'] }],
            });
      const headers = signed(body['signature'] === 'bad' ? 'not-the-secret' : page.appSecret, raw);
      if (body['signature'] === 'missing') delete headers['x-hub-signature-256'];
      return { ...(await this.deliver(String(body['url']), raw, headers)), raw };
    }
    return null;
  }

  /**
   * Posts a WhatsApp webhook to `url`: `value` inside Meta's envelope (or `raw` exactly, to
   * redeliver), signed with the account's app secret; `signature: "missing" | "bad"` to forge.
   */
  private async webhook(body: Record<string, unknown>): Promise<unknown> {
    const account = this.accounts.get(String(body['account']))!;
    const raw = typeof body['raw'] === 'string' ? body['raw'] : this.whatsAppWebhook(account, body['value'] as object);
    const headers = signed(body['signature'] === 'bad' ? 'not-the-secret' : account.appSecret, raw);
    if (body['signature'] === 'missing') delete headers['x-hub-signature-256'];
    return { ...(await this.deliver(String(body['url']), raw, headers)), raw };
  }

  /** `value` inside Meta's WhatsApp webhook envelope. */
  private whatsAppWebhook(account: MetaAccount, value: object): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: account.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: account.displayPhoneNumber, phone_number_id: account.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }
}
