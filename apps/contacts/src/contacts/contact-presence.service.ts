import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PresenceState } from '@parley/contracts';
import { Outbox } from '@parley/service-kit';
import type { DataSource } from 'typeorm';
import { CONTACTS_CONFIG, type ContactsConfig } from '../contacts.config';
import type { ContactPresenceRow } from './persistence/contact-presence.row';

/**
 * Contacts' `/cable` presence: a contact shows `availability_status: online` while one of its
 * sockets is connected. Each gateway replica refreshes its own row (on subscribe and each
 * `update_presence`) and removes it when its last socket of the contact closes; the contact
 * row keeps the latest end of them, which a replica that died leaves to pass on its own.
 */
@Injectable()
export class ContactPresenceService {
  constructor(
    private readonly outbox: Outbox,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CONTACTS_CONFIG) private readonly config: ContactsConfig,
  ) {}

  async record(accountId: number, contactId: number, replica: string, state: PresenceState): Promise<void> {
    await this.outbox.transaction(async (tx) => {
      // The contact first, so a replica leaving and another arriving settle one after the other.
      const [contact]: unknown[] = await tx.query(
        'SELECT 1 FROM contacts.contacts WHERE account_id = $1 AND id = $2 FOR UPDATE',
        [accountId, contactId],
      );
      if (!contact) return;
      const row: Pick<ContactPresenceRow, 'contact_id' | 'replica'> = { contact_id: contactId, replica };
      if (state === 'present')
        await tx.query(
          `INSERT INTO contacts.contact_presence (contact_id, replica, expires_at)
           VALUES ($1, $2, now() + make_interval(secs => $3))
           ON CONFLICT (contact_id, replica) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
          [row.contact_id, row.replica, this.config.contactPresenceSeconds],
        );
      else
        await tx.query('DELETE FROM contacts.contact_presence WHERE contact_id = $1 AND replica = $2', [
          row.contact_id,
          row.replica,
        ]);
      await tx.query('DELETE FROM contacts.contact_presence WHERE contact_id = $1 AND expires_at <= now()', [
        contactId,
      ]);
      await tx.query(
        `UPDATE contacts.contacts
            SET present_until = (SELECT max(expires_at) FROM contacts.contact_presence WHERE contact_id = $1)
          WHERE id = $1`,
        [contactId],
      );
    });
  }

  /** The account's contacts with a socket connected now (`presence.update`'s `contacts`). */
  async online(accountId: number): Promise<Record<string, 'online'>> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      'SELECT id FROM contacts.contacts WHERE account_id = $1 AND present_until > now()',
      [accountId],
    );
    return Object.fromEntries(rows.map((row) => [String(row.id), 'online' as const]));
  }
}
