import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CampaignEntity } from './persistence/campaign.orm-entity';

/** Reads of campaigns that the trigger needs. */
@Injectable()
export class CampaignsLoader {
  constructor(@InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>) {}

  /** The enabled ongoing campaigns of the account's inbox, oldest first. */
  enabledOngoing(accountId: number, inboxId: number): Promise<CampaignEntity[]> {
    return this.campaigns.find({ where: { accountId, inboxId, status: 'enabled', campaignType: 'ongoing' }, order: { id: 'ASC' } });
  }
}
