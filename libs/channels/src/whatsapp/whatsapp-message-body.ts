import type { TemplateParams } from '@parley/contracts';

/** Meta's limits on the bodies Parley builds (reference C.1). */
export const WHATSAPP_LIMITS = { text: 4096, buttons: 3, buttonTitle: 20, rows: 10, rowTitle: 24, body: 1024 } as const;

export type WhatsAppMediaType = 'image' | 'audio' | 'video' | 'document' | 'sticker';

/** The media kind WhatsApp files a content type under (anything it does not play is a document). */
export function whatsAppMediaType(contentType: string): WhatsAppMediaType {
  const type = contentType.toLowerCase();
  if (type === 'image/webp') return 'sticker';
  if (type === 'image/jpeg' || type === 'image/png') return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'video/mp4' || type === 'video/3gpp') return 'video';
  return 'document';
}

/** A choice of an `input_select` message. */
export interface SelectItem {
  title: string;
  value: string;
}

/** The `items` of an `input_select` message that have a title, as `{title, value}`. */
export function selectItems(attributes: Record<string, unknown> | undefined): SelectItem[] {
  const items = Array.isArray(attributes?.['items']) ? (attributes['items'] as unknown[]) : [];
  return items.flatMap((item) => {
    const { title, value } = (item ?? {}) as { title?: unknown; value?: unknown };
    return typeof title === 'string' && title.trim()
      ? [{ title: title.trim(), value: typeof value === 'string' && value ? value : title.trim() }]
      : [];
  });
}

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** Up to 3 choices are reply buttons; more are a list (10 rows at most). */
export function interactiveBody(text: string, items: SelectItem[]): Record<string, unknown> {
  const body = { text: cut(text || 'Choose one', WHATSAPP_LIMITS.body) };
  if (items.length <= WHATSAPP_LIMITS.buttons) {
    return {
      type: 'button',
      body,
      action: {
        buttons: items.map((item) => ({
          type: 'reply',
          reply: { id: item.value, title: cut(item.title, WHATSAPP_LIMITS.buttonTitle) },
        })),
      },
    };
  }
  return {
    type: 'list',
    body,
    action: {
      button: 'Choose',
      sections: [
        {
          rows: items
            .slice(0, WHATSAPP_LIMITS.rows)
            .map((item) => ({ id: item.value, title: cut(item.title, WHATSAPP_LIMITS.rowTitle) })),
        },
      ],
    },
  };
}

/** A template send: the body's `{{1}}`, `{{2}}`, … in order as text parameters. */
export function templateBody(params: TemplateParams): Record<string, unknown> {
  const values = Object.entries(params.processed_params ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, text]) => ({ type: 'text', text }));
  return {
    name: params.name,
    language: { code: params.language, policy: 'deterministic' },
    components: values.length ? [{ type: 'body', parameters: values }] : [],
  };
}
