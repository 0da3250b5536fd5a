/** Why a public client API call failed; none of them says which part of the address was wrong. */
export const PublicApiErrors = {
  /** An unknown inbox, contact or conversation (or one of another inbox): always the same answer. */
  notFound: 'PUBLIC_API.NOT_FOUND',
  /** `identifier_hash` missing where the inbox demands it, wrong, or proving another contact's identifier. */
  hmacFailed: 'PUBLIC_API.HMAC_FAILED',
  /** A CSAT survey answered more than 14 days after it was sent. */
  csatExpired: 'PUBLIC_API.CSAT_EXPIRED',
  /** The message takes no submitted values (not an input message). */
  notSubmittable: 'PUBLIC_API.NOT_SUBMITTABLE',
} as const;
