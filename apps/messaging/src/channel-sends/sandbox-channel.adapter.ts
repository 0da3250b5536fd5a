/** @owns messaging.channel_deliveries */
import { Logger } from '@nestjs/common';
import type { ChannelAdapter, InboundMessage, InboundVerdict, SendOutcome, SendRequest } from '@parley/channels';
import type { ChannelType } from '@parley/contracts';
import type { DataSource } from 'typeorm';

/**
 * Stands in for a provider when `CHANNEL_SANDBOX=1` and the inbox has no credentials (tests,
 * demos): it records each send and refuses messages containing the configured failure text.
 */
export class SandboxChannelAdapter implements ChannelAdapter<unknown> {
  readonly channelType: ChannelType = 'Channel::Api';
  /** Nothing leaves Parley: sending again is harmless. */
  readonly unknownOutcome = 'resend' as const;
  private readonly logger = new Logger(SandboxChannelAdapter.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly failText: string | undefined,
    private readonly channel: ChannelType,
  ) {}

  async send(request: SendRequest<unknown>): Promise<SendOutcome> {
    const { message, contact } = request;
    const refused = !!this.failText && (message.content ?? '').includes(this.failText);
    await this.dataSource.query(
      'INSERT INTO messaging.channel_deliveries (message_id, channel_type, recipient, content, outcome) VALUES ($1, $2, $3, $4, $5)',
      [message.id, this.channel, contact.address, message.content, refused ? 'failed' : 'sent'],
    );
    this.logger.log(`sandbox ${this.channel} delivery of message ${message.id}: ${refused ? 'refused' : 'sent'}`);
    return refused
      ? { outcome: 'permanent', externalError: 'The sandbox provider refused the message' }
      : { outcome: 'sent', providerMessageId: `sandbox-${message.id}` };
  }

  verify(): InboundVerdict {
    return { verified: false, reason: 'the sandbox receives nothing' };
  }

  async parse(): Promise<InboundMessage[]> {
    return [];
  }
}
