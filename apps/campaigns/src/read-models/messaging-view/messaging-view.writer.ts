import { Injectable } from '@nestjs/common';
import type { InboxSnapshot } from '@parley/contracts';
import { VersionedView } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';

/** The one way rows of the view are written, by events and by answers asked of messaging alike (see VersionedView). */
@Injectable()
export class MessagingViewWriter {
  readonly inboxes = new VersionedView<InboxSnapshot>({
    table: 'campaigns.inboxes_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (inbox) => inbox.id },
      { name: 'account_id', type: 'int', value: (inbox) => inbox.account_id },
      { name: 'channel_type', type: 'text', value: (inbox) => inbox.channel_type },
      { name: 'snapshot', type: 'jsonb', value: (inbox) => inbox },
    ],
  });

  /** Forgets a deleted account's inboxes. */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM campaigns.inboxes_view WHERE account_id = $1', [accountId]);
  }
}
