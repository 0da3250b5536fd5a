import type { ChannelType } from '@parley/contracts';

/** Messaging apps accept free-form replies only this long after the customer's last message. */
export const MESSAGING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether a free-form outgoing message may be sent now (templates are always allowed). */
export function canReplyAt(channel: ChannelType, lastIncomingAt: Date | null, now: Date): boolean {
  if (channel !== 'Channel::MobileChat') return true;
  return lastIncomingAt !== null && now.getTime() - lastIncomingAt.getTime() <= MESSAGING_WINDOW_MS;
}
