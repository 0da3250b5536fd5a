/** A Twilio SMS inbox's channel fields; `auth_token` write-only. Sends from `phone_number` or the messaging service. */
export interface TwilioChannelSettings {
  account_sid?: string | null;
  auth_token?: string | null;
  messaging_service_sid?: string | null;
  /** The inbox's number (E.164), when no messaging service sends. */
  phone_number?: string | null;
  /** Where Twilio posts status callbacks: the inbox's `inbound_webhook_url`. */
  inbound_webhook_url?: string | null;
}
