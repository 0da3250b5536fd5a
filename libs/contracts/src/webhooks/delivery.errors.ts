/** Why the dispatcher refused a delivery another service asked for (an unsafe URL answers `URL.NOT_PUBLIC_HTTPS`). */
export const DeliveryErrors = {
  invalidAccount: 'DELIVERY.INVALID_ACCOUNT',
  secretBlank: 'DELIVERY.SECRET_BLANK',
  invalidEventName: 'DELIVERY.INVALID_EVENT_NAME',
  invalidPayload: 'DELIVERY.INVALID_PAYLOAD',
} as const;
