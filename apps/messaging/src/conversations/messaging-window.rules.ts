import type { ChannelType } from '@parley/contracts';

/** Messaging apps accept free-form replies only this long after the customer's last message. */
export const MESSAGING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Messenger lets a human agent answer for 7 days with the `HUMAN_AGENT` tag. */
export const HUMAN_AGENT_WINDOW_MS = 7 * MESSAGING_WINDOW_MS;

const WINDOWS: Partial<Record<ChannelType, number>> = {
  'Channel::MobileChat': MESSAGING_WINDOW_MS,
  'Channel::SocialDirect': MESSAGING_WINDOW_MS,
  'Channel::SocialPage': HUMAN_AGENT_WINDOW_MS,
};

/** Whether a free-form outgoing message may be sent now (templates are always allowed). */
export function canReplyAt(channel: ChannelType, lastIncomingAt: Date | null, now: Date): boolean {
  const window = WINDOWS[channel];
  if (window === undefined) return true;
  return lastIncomingAt !== null && now.getTime() - lastIncomingAt.getTime() <= window;
}
