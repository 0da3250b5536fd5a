/**
 * An e-mail inbox's channel fields, with the reference's names; secrets decrypted
 * (`decryptSecrets`) before they reach the adapter.
 */
export interface EmailChannelSettings {
  /** The inbox's address: From of outgoing mail, and a recipient the listener accepts. */
  email: string;
  smtp_enabled?: boolean | null;
  smtp_address?: string | null;
  smtp_port?: number | null;
  smtp_login?: string | null;
  smtp_password?: string | null;
  /** The name Parley gives itself in HELO/EHLO. */
  smtp_domain?: string | null;
  smtp_enable_starttls_auto?: boolean | null;
  smtp_enable_ssl_tls?: boolean | null;
  /** `plain`, `login` or `cram_md5`; unset: the strongest the server offers. */
  smtp_authentication?: string | null;
  imap_enabled?: boolean | null;
  imap_address?: string | null;
  imap_port?: number | null;
  imap_login?: string | null;
  imap_password?: string | null;
  imap_enable_ssl?: boolean | null;
}

/** Deployment settings of the e-mail channel (the same for every inbox). */
export interface EmailChannelConfig {
  /** `SMTP_URL`: the server of inboxes without their own SMTP settings. */
  defaultSmtpUrl?: string | null;
  /** `MAIL_INBOUND_DOMAIN`: the domain of `reply+` addresses and of Parley's Message-IDs. */
  inboundDomain?: string | null;
  /** Largest e-mail accepted inbound, in bytes. */
  maxInboundBytes: number;
  /**
   * Longest one send may take; past it the connection is closed before the server's final
   * answer, so the server does not take the mail (RFC 5321) and the send is retried. Callers
   * that lease a send keep this below the lease, so a slow send is never made twice at once.
   */
  sendTimeoutMs?: number;
}
