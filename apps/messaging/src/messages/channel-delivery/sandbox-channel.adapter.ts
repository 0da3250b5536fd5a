/** @owns messaging.channel_deliveries */
import { Logger } from '@nestjs/common';
import type { ConversationSnapshot, Message } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import type { ChannelAdapter, DeliveryOutcome } from './channel-adapter.types';

/**
 * Stands in for the external providers (messaging apps, SMS, e-mail, social networks) so the
 * system runs without accounts there: it records each send and refuses messages containing
 * the configured failure text.
 */
export class SandboxChannelAdapter implements ChannelAdapter {
  private readonly logger = new Logger(SandboxChannelAdapter.name);

  constructor(private readonly failText: string | undefined) {}

  async deliver(tx: EntityManager, message: Message, conversation: ConversationSnapshot): Promise<DeliveryOutcome> {
    const sender = conversation.meta.sender;
    const recipient = sender?.phone_number ?? sender?.email ?? sender?.identifier ?? null;
    const refused = !!this.failText && (message.content ?? '').includes(this.failText);
    await tx.query(
      'INSERT INTO messaging.channel_deliveries (message_id, channel_type, recipient, content, outcome) VALUES ($1, $2, $3, $4, $5)',
      [message.id, conversation.meta.channel, recipient, message.content, refused ? 'failed' : 'sent'],
    );
    this.logger.log(
      `sandbox ${conversation.meta.channel} delivery of message ${message.id} to ${recipient ?? 'unknown'}: ${refused ? 'refused' : 'sent'}`,
    );
    return refused ? { ok: false, error: 'The sandbox provider refused the message' } : { ok: true };
  }
}
