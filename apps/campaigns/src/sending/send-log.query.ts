import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CampaignSendPage, CampaignSendQuery } from '@parley/contracts';
import { DataSource } from 'typeorm';
import { CampaignsService } from '../campaigns/campaigns.service';
import type { CampaignSendRow } from './persistence/campaign-send.row';

const PAGE_SIZE = 25;

/** A campaign's send log: one entry per contact of its audience, in contact order, 25 per page. */
@Injectable()
export class SendLogQuery {
  constructor(
    private readonly campaigns: CampaignsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async page(accountId: number, campaignId: number, query: CampaignSendQuery): Promise<CampaignSendPage> {
    await this.campaigns.find(accountId, campaignId);
    const page = query.page ?? 1;
    const status = query.status ?? null;
    // One snapshot for the page and the count: sends recorded between two reads would make them disagree.
    const [rows, [{ count }]]: [CampaignSendRow[], Array<{ count: string }>] = await this.dataSource.transaction(
      'REPEATABLE READ',
      async (tx) => [
        await tx.query(
          `SELECT contact_id, status, error, message_id, conversation_id, sent_at FROM campaigns.campaign_sends
            WHERE campaign_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY contact_id LIMIT $3 OFFSET $4`,
          [campaignId, status, PAGE_SIZE, (page - 1) * PAGE_SIZE],
        ),
        await tx.query(
          `SELECT count(*) FROM campaigns.campaign_sends WHERE campaign_id = $1 AND ($2::text IS NULL OR status = $2)`,
          [campaignId, status],
        ),
      ],
    );
    return {
      meta: { count: Number(count), current_page: page },
      payload: rows.map((row) => ({
        contact_id: row.contact_id,
        status: row.status,
        error: row.error,
        message_id: row.message_id === null ? null : Number(row.message_id),
        conversation_id: row.conversation_id,
        sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
      })),
    };
  }
}
