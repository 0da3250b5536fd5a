import { InboxErrors, type EmailInboxView, type EmailServerFields } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/** What `channel_settings` holds for an e-mail inbox; the passwords sealed. */
export type StoredEmailServers = EmailServerFields;

const FIELDS = [
  'imap_enabled',
  'imap_address',
  'imap_port',
  'imap_login',
  'imap_password',
  'imap_enable_ssl',
  'smtp_enabled',
  'smtp_address',
  'smtp_port',
  'smtp_login',
  'smtp_password',
  'smtp_domain',
  'smtp_enable_starttls_auto',
  'smtp_enable_ssl_tls',
  'smtp_authentication',
] as const satisfies ReadonlyArray<keyof EmailServerFields>;

const HOST =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$|^\[?[0-9a-f:.]+\]?$/i;

function invalid(field: string, message: string): never {
  throw new DomainError(InboxErrors.mailServerInvalid, message, [field]);
}

/**
 * The inbox's servers after an update: given fields replace stored ones, `null` clears; a
 * host must be a host name, and an enabled server needs its host. Passwords come back as given
 * (the caller seals them); one not given keeps its sealed value.
 */
export function mergeEmailServers(stored: StoredEmailServers, input: EmailServerFields): StoredEmailServers {
  const merged: Record<string, unknown> = { ...stored };
  for (const field of FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === null || value === '') delete merged[field];
    else merged[field] = typeof value === 'string' ? value.trim() : value;
  }
  for (const side of ['imap', 'smtp'] as const) {
    const host = merged[`${side}_address`];
    if (typeof host === 'string' && !HOST.test(host))
      invalid(`${side}_address`, `${side.toUpperCase()} address must be a host name`);
    if (merged[`${side}_enabled`] === true && !host)
      invalid(`${side}_address`, `${side.toUpperCase()} address is required when ${side}_enabled is true`);
  }
  return merged as StoredEmailServers;
}

/** The names of the secrets the input sets (they need sealing before they are stored). */
export function givenPasswords(input: EmailServerFields): Array<'imap_password' | 'smtp_password'> {
  return (['imap_password', 'smtp_password'] as const).filter(
    (field) => typeof input[field] === 'string' && input[field] !== '',
  );
}

/** What an inbox shows of its servers: never a password. */
export function emailInboxView(
  stored: StoredEmailServers,
  extras: { imapError: string | null; forwardToEmail: string | null },
): EmailInboxView {
  return {
    imap_enabled: stored.imap_enabled ?? false,
    imap_address: stored.imap_address ?? null,
    imap_port: stored.imap_port ?? null,
    imap_login: stored.imap_login ?? null,
    imap_enable_ssl: stored.imap_enable_ssl ?? true,
    imap_error: extras.imapError,
    smtp_enabled: stored.smtp_enabled ?? false,
    smtp_address: stored.smtp_address ?? null,
    smtp_port: stored.smtp_port ?? null,
    smtp_login: stored.smtp_login ?? null,
    smtp_domain: stored.smtp_domain ?? null,
    smtp_enable_starttls_auto: stored.smtp_enable_starttls_auto ?? true,
    smtp_enable_ssl_tls: stored.smtp_enable_ssl_tls ?? false,
    smtp_authentication: stored.smtp_authentication ?? null,
    forward_to_email: extras.forwardToEmail,
  };
}

/** Where a sealed password belongs: it opens only for this inbox's field. */
export function sealContext(inboxUuid: string, field: string): string {
  return `inbox:${inboxUuid}:${field}`;
}
