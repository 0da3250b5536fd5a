import type { EmailChannelSettings } from '../email-settings';

/** Where polling of one mailbox stands: every UID up to `lastUid` under `uidValidity` is ingested. */
export interface ImapMailboxState {
  uidValidity: string;
  lastUid: number;
}

/** The caller keeps the state (a row per inbox), so ingestion resumes across restarts and replicas. */
export interface ImapStateStore {
  load(): Promise<ImapMailboxState | null>;
  save(state: ImapMailboxState): Promise<void>;
}

export interface ImapConnectionSettings {
  host: string;
  port: number;
  /** Implicit TLS (993); false: plaintext, upgraded with STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
}

/** The IMAP account of an inbox with `imap_enabled`, else null. */
export function imapConnectionSettings(settings: EmailChannelSettings): ImapConnectionSettings | null {
  if (!settings.imap_enabled || !settings.imap_address) return null;
  const secure = settings.imap_enable_ssl !== false;
  return {
    host: settings.imap_address,
    port: settings.imap_port ?? (secure ? 993 : 143),
    secure,
    user: settings.imap_login ?? settings.email,
    password: settings.imap_password ?? '',
  };
}
