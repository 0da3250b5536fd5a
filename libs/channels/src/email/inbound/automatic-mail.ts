import type { Headers } from 'mailparser';

function headerText(headers: Headers, name: string): string | null {
  const value = headers.get(name);
  if (value === undefined || value === null) return null;
  return (
    typeof value === 'string'
      ? value
      : typeof value === 'object' && 'value' in value
        ? String(value.value)
        : String(value)
  )
    .trim()
    .toLowerCase();
}

/**
 * An automatic answer (out-of-office, autoresponder): `Auto-Submitted` other than `no`
 * (RFC 3834), any `X-Autoreply`, or `Precedence: auto_reply`. It opens no conversation.
 */
export function isAutoReply(headers: Headers): boolean {
  const autoSubmitted = headerText(headers, 'auto-submitted');
  if (autoSubmitted !== null && autoSubmitted !== 'no') return true;
  if (headerText(headers, 'x-autoreply') !== null) return true;
  return headerText(headers, 'precedence') === 'auto_reply';
}

/** A delivery-status report (`multipart/report; report-type=delivery-status`). */
export function isDeliveryReport(headers: Headers): boolean {
  // mailparser gives Content-Type as a structured header: { value, params }.
  const type = headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  return (
    type?.value?.toLowerCase() === 'multipart/report' &&
    (type.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status'
  );
}
