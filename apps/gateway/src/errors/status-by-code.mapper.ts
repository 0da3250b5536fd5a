import type { ErrorCode } from '@parley/contracts';

/**
 * The one place where a service's error code becomes an HTTP status. Typed over every code in
 * `@parley/contracts`, so a new code does not compile until it is given its status here.
 */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  'REQUEST.MALFORMED': 400,
  'FILTER.INVALID': 422,
  'URL.NOT_PUBLIC_HTTPS': 422,
  'RPC.TIMEOUT': 504,
  'RPC.UNAVAILABLE': 503,
  'SERVICE.UNAVAILABLE': 503,
  INTERNAL: 500,
  'LEGACY.NOT_FOUND': 404,
  'LEGACY.FORBIDDEN': 403,
  'LEGACY.VALIDATION': 422,
  'CONTACT.NOT_FOUND': 404,
  'CONTACT.INVALID_FIELDS': 422,
  'CONTACT.EMAIL_TAKEN': 422,
  'CONTACT.PHONE_NUMBER_TAKEN': 422,
  'CONTACT.IDENTIFIER_TAKEN': 422,
  'CONTACT.INBOX_MISSING': 422,
  'CONTACT.INVALID_CUSTOM_ATTRIBUTES': 422,
  'CONTACT_INBOX.INBOX_MISSING': 422,
  'CONTACT_INBOX.SOURCE_ID_TAKEN': 422,
  'NOTE.NOT_FOUND': 404,
  'NOTE.CONTENT_BLANK': 422,
  'IMPORT.NOT_FOUND': 404,
  'MERGE.INTO_ITSELF': 422,
  'MERGE.CONTACT_MISSING': 422,
  'WEBHOOK.NOT_FOUND': 404,
  'WEBHOOK.SUBSCRIPTIONS_EMPTY': 422,
  'WEBHOOK.UNKNOWN_EVENTS': 422,
  'DELIVERY.INVALID_ACCOUNT': 422,
  'DELIVERY.SECRET_BLANK': 422,
  'DELIVERY.INVALID_EVENT_NAME': 422,
  'DELIVERY.INVALID_PAYLOAD': 422,
};

/** A code from a newer service this gateway does not know yet is a server-side fault. */
export function statusOf(code: string): number {
  return (STATUS_BY_CODE as Record<string, number>)[code] ?? 500;
}
