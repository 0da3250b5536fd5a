/** The providers whose webhooks reach Parley at `/webhooks/{provider}/{inbox_identifier}`. */
export const WEBHOOK_PROVIDERS = ['whatsapp', 'messenger', 'instagram', 'telegram', 'twilio'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

/** The gateway forwards providers' webhooks raw to messaging, which verifies them before storing anything. */
export const ProviderWebhookPatterns = {
  receive: 'messaging.provider_webhooks.receive',
  handshake: 'messaging.provider_webhooks.handshake',
} as const;

export const ProviderWebhookErrors = {
  /** No inbox of this provider has this identifier. */
  inboxNotFound: 'PROVIDER_WEBHOOK.INBOX_NOT_FOUND',
  /** The signature (or secret token) is missing or wrong: nothing was stored. */
  signatureInvalid: 'PROVIDER_WEBHOOK.SIGNATURE_INVALID',
  /** Meta's verification handshake presented another token. */
  verifyTokenInvalid: 'PROVIDER_WEBHOOK.VERIFY_TOKEN_INVALID',
} as const;

/** One POST as it reached the gateway: the raw body (base64), its headers, the full public URL. */
export interface ProviderWebhookDelivery {
  provider: WebhookProvider;
  inbox_identifier: string;
  body_base64: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  url: string;
}

export interface ProviderWebhooksRpc {
  /** Verified and stored (once: a redelivery is recognised); applied by messaging's worker afterwards. */
  [ProviderWebhookPatterns.receive]: { request: ProviderWebhookDelivery; response: { stored: boolean } };
  /** Meta's `GET` handshake: the challenge back when the token matches. */
  [ProviderWebhookPatterns.handshake]: {
    request: {
      provider: WebhookProvider;
      inbox_identifier: string;
      mode: string;
      verify_token: string;
      challenge: string;
    };
    response: { challenge: string };
  };
}
