import type { ChannelType, ConversationSnapshot, Message } from '@parley/contracts';
import type { EntityManager } from 'typeorm';

export type DeliveryOutcome = { ok: true } | { ok: false; error: string };

/** Sends an outgoing message to the customer through one kind of channel. */
export interface ChannelAdapter {
  deliver(tx: EntityManager, message: Message, conversation: ConversationSnapshot): Promise<DeliveryOutcome>;
}

export const CHANNEL_ADAPTERS = Symbol('CHANNEL_ADAPTERS');

/** Which adapter serves a channel; `Channel::Api` has none: its webhook is called by the dispatcher. */
export type ChannelAdapters = Partial<Record<ChannelType, ChannelAdapter>>;
