import { MessageErrors, TEMPLATE_CATEGORIES, type ChannelType, type ContentType, type TemplateParams } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/** Channels that can show interactive `input_select` messages. */
const INTERACTIVE_CHANNELS: readonly ChannelType[] = ['Channel::WebWidget', 'Channel::BotChat'];

export function assertContentAllowed(contentType: ContentType, attributes: Record<string, unknown>, channel: ChannelType): void {
  if (contentType !== 'input_select') return;
  if (!INTERACTIVE_CHANNELS.includes(channel)) {
    throw new DomainError(MessageErrors.contentTypeUnsupported, `input_select messages are not supported on ${channel}`, ['content_type']);
  }
  const items = attributes.items;
  const valid =
    Array.isArray(items) &&
    items.length > 0 &&
    items.every((item) => item && typeof item === 'object' && typeof (item as { title?: unknown }).title === 'string' && typeof (item as { value?: unknown }).value === 'string');
  if (!valid) throw new DomainError(MessageErrors.selectItemsInvalid, 'input_select needs content_attributes.items: a list of {title, value} strings', ['content_attributes']);
}

/** An approved template: a name, a language, a known category, string parameters. */
export function assertTemplateParams(params: TemplateParams): void {
  const problems: string[] = [];
  if (typeof params.name !== 'string' || !params.name.trim()) problems.push('template_params.name is required');
  if (typeof params.language !== 'string' || !params.language.trim()) problems.push('template_params.language is required');
  if (params.category !== undefined && !TEMPLATE_CATEGORIES.includes(params.category)) {
    problems.push(`template_params.category must be one of ${TEMPLATE_CATEGORIES.join(', ')}`);
  }
  const values = params.processed_params;
  if (values !== undefined && (typeof values !== 'object' || values === null || Object.values(values).some((value) => typeof value !== 'string'))) {
    problems.push('template_params.processed_params must map placeholder numbers to strings');
  }
  if (problems.length) throw new DomainError(MessageErrors.templateInvalid, `Invalid template: ${problems.join('; ')}`, ['template_params']);
}

/** Replaces `{{1}}`, `{{2}}`, … with the template's processed parameters. */
export function renderTemplate(content: string, params: TemplateParams): string {
  return content.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, index: string) => params.processed_params?.[index] ?? whole);
}
