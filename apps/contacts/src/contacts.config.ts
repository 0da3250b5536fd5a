import { EnvReader } from '@parley/service-kit';

export interface ContactsConfig {
  /** How long a claimed import job stays with its worker without progress (a crashed worker's job waits this long). */
  importLeaseMs: number;
}

export const CONTACTS_CONFIG = Symbol('CONTACTS_CONFIG');

export function loadContactsConfig(env: Record<string, string | undefined> = process.env): ContactsConfig {
  const read = new EnvReader(env);
  const config: ContactsConfig = {
    importLeaseMs: read.int('IMPORT_LEASE_MS', { default: 60_000, min: 500, max: 3_600_000 }),
  };
  read.assertValid('contacts');
  return config;
}
