import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { EmailChannelSettings } from '../email-settings';

// A dead server must not hold a send for nodemailer's default minutes: the caller retries.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

const AUTH_METHODS: Record<string, string> = { plain: 'PLAIN', login: 'LOGIN', cram_md5: 'CRAM-MD5' };

/**
 * The SMTP server an inbox sends through: its own (`smtp_*`) when enabled, else `SMTP_URL`;
 * null when it has neither (the inbox is not connected).
 */
export function smtpTransportOptions(
  settings: EmailChannelSettings,
  defaultSmtpUrl: string | null | undefined,
): SMTPTransport.Options | null {
  if (settings.smtp_enabled && settings.smtp_address) {
    const implicitTls = settings.smtp_enable_ssl_tls === true;
    return {
      ...TIMEOUTS,
      host: settings.smtp_address,
      port: settings.smtp_port ?? (implicitTls ? 465 : 587),
      secure: implicitTls,
      // STARTTLS is used whenever offered unless the inbox turned it off.
      ignoreTLS: !implicitTls && settings.smtp_enable_starttls_auto === false,
      name: settings.smtp_domain ?? undefined,
      auth: settings.smtp_login ? { user: settings.smtp_login, pass: settings.smtp_password ?? '' } : undefined,
      authMethod: AUTH_METHODS[(settings.smtp_authentication ?? '').toLowerCase()],
    };
  }
  return defaultSmtpUrl ? { ...TIMEOUTS, url: defaultSmtpUrl } : null;
}
