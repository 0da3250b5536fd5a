/**
 * A Parley message's mark on what it sends, for providers that hand a caller's string back
 * (WhatsApp's `biz_opaque_callback_data` in status webhooks, Messenger's `metadata` in echoes):
 * a later webhook then names the message even when the send's own answer was never recorded.
 */
const PREFIX = 'parley:message:';

export function sendMarker(messageId: number): string {
  return `${PREFIX}${messageId}`;
}

/** The Parley message id a provider handed back, or undefined when the string is not Parley's mark. */
export function markedMessageId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return undefined;
  const id = Number(value.slice(PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
