import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactInboxLink } from '@parley/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** Reads contacts' inbox links joined with the inboxes they point at. */
@Injectable()
export class ContactLinks {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async of(contactIds: number[], tx?: EntityManager): Promise<Map<number, ContactInboxLink[]>> {
    const byContact = new Map<number, ContactInboxLink[]>(contactIds.map((id) => [id, []]));
    if (contactIds.length === 0) return byContact;
    const rows: Array<{ contact_id: number; source_id: string; id: number; name: string; channel_type: ContactInboxLink['inbox']['channel_type'] }> = await (
      tx ?? this.dataSource
    ).query(
      `SELECT ci.contact_id, ci.source_id, iv.id, iv.name, iv.channel_type
         FROM contacts.contact_inboxes ci JOIN contacts.inboxes_view iv ON iv.id = ci.inbox_id AND NOT iv.deleted
        WHERE ci.contact_id = ANY($1::int[]) ORDER BY ci.id`,
      [contactIds],
    );
    for (const row of rows) byContact.get(row.contact_id)?.push({ source_id: row.source_id, inbox: { id: row.id, name: row.name, channel_type: row.channel_type } });
    return byContact;
  }
}
