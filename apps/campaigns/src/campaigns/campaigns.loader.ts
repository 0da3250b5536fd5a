import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CAMPAIGN_COLUMNS, type CampaignRow } from './persistence/campaign.row';

/** Reads of campaigns that the trigger needs. */
@Injectable()
export class CampaignsLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The enabled ongoing campaigns of the account's inbox, oldest first. */
  enabledOngoing(accountId: number, inboxId: number): Promise<CampaignRow[]> {
    return this.dataSource.query(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns.campaigns
        WHERE account_id = $1 AND inbox_id = $2 AND status = 'enabled' AND campaign_type = 'ongoing' ORDER BY id`,
      [accountId, inboxId],
    );
  }
}
