import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactSnapshot } from '@parley/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { RenderContact } from './message-render.rules';
import type { CampaignSendRow } from './persistence/campaign-send.row';

/** What one send came to. */
export type SendOutcome =
  | { contactId: number; status: 'sent'; messageId: number; conversationId: number }
  | { contactId: number; status: 'failed'; error: string };

/** The per-contact send rows: written once per contact (the primary key), moved from pending once. */
@Injectable()
export class CampaignSendsWriter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds contacts as pending sends; a contact already there is left alone. Answers how many were new. */
  async addPending(tx: EntityManager, campaignId: number, contacts: ContactSnapshot[]): Promise<number> {
    if (contacts.length === 0) return 0;
    const fields = (contact: ContactSnapshot): RenderContact => ({
      name: contact.name,
      email: contact.email,
      phone_number: contact.phone_number,
      identifier: contact.identifier,
      custom_attributes: contact.custom_attributes ?? {},
    });
    const rows: unknown[] = await tx.query(
      `INSERT INTO campaigns.campaign_sends (campaign_id, contact_id, contact)
       SELECT $1, c.id, c.contact FROM unnest($2::int[], $3::jsonb[]) AS c(id, contact)
       ON CONFLICT DO NOTHING RETURNING contact_id`,
      [campaignId, contacts.map((contact) => contact.id), contacts.map((contact) => JSON.stringify(fields(contact)))],
    );
    return rows.length;
  }

  async count(tx: EntityManager, campaignId: number): Promise<number> {
    const [{ count }]: Array<{ count: string }> = await tx.query(
      'SELECT count(*) FROM campaigns.campaign_sends WHERE campaign_id = $1',
      [campaignId],
    );
    return Number(count);
  }

  /** The next pending sends in contact order. */
  pending(campaignId: number, limit: number): Promise<Array<Pick<CampaignSendRow, 'contact_id' | 'contact'>>> {
    return this.dataSource.query(
      `SELECT contact_id, contact FROM campaigns.campaign_sends WHERE campaign_id = $1 AND status = 'pending' ORDER BY contact_id LIMIT $2`,
      [campaignId, limit],
    );
  }

  /** Records outcomes of sends still pending (a repeat changes nothing); answers how many of each were recorded now. */
  async record(
    tx: EntityManager,
    campaignId: number,
    outcomes: SendOutcome[],
  ): Promise<{ sent: number; failed: number }> {
    if (outcomes.length === 0) return { sent: 0, failed: 0 };
    // An UPDATE answers [rows, count].
    const [rows]: [Array<{ status: string }>, number] = await tx.query(
      `UPDATE campaigns.campaign_sends s
          SET status = o.status, error = o.error, message_id = o.message_id, conversation_id = o.conversation_id, sent_at = now()
         FROM unnest($2::int[], $3::text[], $4::text[], $5::bigint[], $6::int[]) AS o(contact_id, status, error, message_id, conversation_id)
        WHERE s.campaign_id = $1 AND s.contact_id = o.contact_id AND s.status = 'pending'
        RETURNING s.status`,
      [
        campaignId,
        outcomes.map((outcome) => outcome.contactId),
        outcomes.map((outcome) => outcome.status),
        outcomes.map((outcome) => (outcome.status === 'failed' ? outcome.error : null)),
        outcomes.map((outcome) => (outcome.status === 'sent' ? outcome.messageId : null)),
        outcomes.map((outcome) => (outcome.status === 'sent' ? outcome.conversationId : null)),
      ],
    );
    return {
      sent: rows.filter((row) => row.status === 'sent').length,
      failed: rows.filter((row) => row.status === 'failed').length,
    };
  }

  /** A triggered send of an ongoing campaign, recorded as sent at once; false when the contact had it already. */
  async recordTriggered(
    tx: EntityManager,
    campaignId: number,
    contact: ContactSnapshot | null,
    contactId: number,
    messageId: number,
    conversationId: number,
  ): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `INSERT INTO campaigns.campaign_sends (campaign_id, contact_id, contact, status, message_id, conversation_id, sent_at)
       VALUES ($1, $2, $3, 'sent', $4, $5, now()) ON CONFLICT DO NOTHING RETURNING contact_id`,
      [campaignId, contactId, JSON.stringify(contact ?? {}), messageId, conversationId],
    );
    return rows.length > 0;
  }
}
