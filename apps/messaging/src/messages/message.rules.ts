import { MessageErrors, type ChannelType, type ContentType } from '@parley/contracts';
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
