import { CHANNEL_TYPES, type ChannelType, type MessageType } from '@parley/contracts';

/**
 * Whether a new message goes out to the contact's channel: public outgoing and template messages
 * (agents', bots', campaigns', automations'), except on the API channel (its callbacks are the
 * webhook dispatcher's), on the web widget (Parley's own: the visitor gets it over the realtime
 * stream and the public API) and echoes of messages sent from the provider's own app.
 */
export function leavesPlatform(
  message: { messageType: MessageType; private: boolean; contentAttributes: Record<string, unknown> },
  channel: ChannelType,
): boolean {
  return (
    !message.private &&
    (message.messageType === 'outgoing' || message.messageType === 'template') &&
    channel !== CHANNEL_TYPES.api &&
    channel !== CHANNEL_TYPES.web_widget &&
    message.contentAttributes['external_echo'] !== true
  );
}
