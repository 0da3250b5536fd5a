import type { SendFailure } from '../../port/outgoing-message';

interface SmtpError {
  message?: string;
  code?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
}

/** Errors without an SMTP reply that a retry cannot mend: refused credentials, a broken message or envelope. */
const PERMANENT_CODES = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2', 'ECONFIG', 'EENVELOPE', 'EMESSAGE', 'EREQUIRETLS']);

/**
 * A failed SMTP send as the delivery lifecycle needs it: a 5xx reply is permanent, with the
 * server's reply as `external_error`; a 4xx reply, a lost connection, a timeout or a DNS failure
 * is transient.
 */
export function classifySmtpError(error: unknown): SendFailure {
  const failure = (error ?? {}) as SmtpError;
  const reply = failure.response?.trim() || failure.message || String(error);
  if (failure.responseCode) {
    return failure.permanent === true || (failure.permanent === undefined && failure.responseCode >= 500)
      ? { outcome: 'permanent', externalError: reply }
      : { outcome: 'transient', error: reply };
  }
  if (failure.code && PERMANENT_CODES.has(failure.code)) return { outcome: 'permanent', externalError: reply };
  return { outcome: 'transient', error: reply };
}
