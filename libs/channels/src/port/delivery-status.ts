import type { MessageStatus } from '@parley/contracts';

/** The statuses a channel can report on a message Parley sent. */
export type ChannelStatus = Extract<MessageStatus, 'sent' | 'delivered' | 'read' | 'failed'>;

/** What a reported status does to a message: move it, or only record the provider's error. */
export type StatusTransition =
  { status: ChannelStatus; externalError: string | null } | { status: null; externalError: string | null };

const RANK: Partial<Record<MessageStatus, number>> = { sent: 0, delivered: 1, read: 2 };

/**
 * Statuses only move forward: sent → delivered → read; `failed` from sent or delivered only.
 * A failure reported after `read` keeps the status and records the error; anything reported on
 * a failed or incoming message changes nothing (receipts arrive late and out of order).
 */
export function nextDeliveryStatus(
  current: MessageStatus,
  reported: ChannelStatus,
  error: string | null = null,
): StatusTransition {
  const from = RANK[current];
  if (from === undefined) return { status: null, externalError: null };
  if (reported === 'failed') {
    return current === 'read' ? { status: null, externalError: error } : { status: 'failed', externalError: error };
  }
  return RANK[reported]! > from ? { status: reported, externalError: null } : { status: null, externalError: null };
}

/** A provider's status word (`delivered`, `undelivered`, `seen`…) through the adapter's table; unknown words → null. */
export function mapProviderStatus(
  table: Readonly<Record<string, ChannelStatus>>,
  providerStatus: string,
): ChannelStatus | null {
  return Object.hasOwn(table, providerStatus.toLowerCase()) ? table[providerStatus.toLowerCase()] : null;
}
