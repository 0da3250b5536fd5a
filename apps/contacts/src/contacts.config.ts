import { EnvReader } from '@parley/service-kit';

export interface ContactsConfig {
  /** How long a claimed import job stays with its worker without progress (a crashed worker's job waits this long). */
  importLeaseMs: number;
  /**
   * How long a contact counts as connected after its last `/cable` subscribe or
   * `update_presence` on a replica that has not said it left (the reference's 90 s; its widget
   * refreshes every 60 s).
   */
  contactPresenceSeconds: number;
}

export const CONTACTS_CONFIG = Symbol('CONTACTS_CONFIG');

export function loadContactsConfig(env: Record<string, string | undefined> = process.env): ContactsConfig {
  const read = new EnvReader(env);
  const config: ContactsConfig = {
    importLeaseMs: read.int('IMPORT_LEASE_MS', { default: 60_000, min: 500, max: 3_600_000 }),
    contactPresenceSeconds: read.int('CONTACT_PRESENCE_SECONDS', { default: 90, min: 1, max: 3600 }),
  };
  read.assertValid('contacts');
  return config;
}
