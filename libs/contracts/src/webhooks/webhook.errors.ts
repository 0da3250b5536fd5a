/** Why a request about an account webhook failed (an unsafe URL answers `URL.NOT_PUBLIC_HTTPS`). */
export const WebhookErrors = {
  notFound: 'WEBHOOK.NOT_FOUND',
  subscriptionsEmpty: 'WEBHOOK.SUBSCRIPTIONS_EMPTY',
  unknownEvents: 'WEBHOOK.UNKNOWN_EVENTS',
} as const;
