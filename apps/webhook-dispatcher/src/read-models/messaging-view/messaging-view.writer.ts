import { Injectable } from '@nestjs/common';
import { VersionedView } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';

import type { AccountName, InboxName } from './persistence/names-view.row';

export type { AccountName, InboxName } from './persistence/names-view.row';

/** The one way names are written, by events and by answers asked of messaging alike (see VersionedView). */
@Injectable()
export class MessagingViewWriter {
  readonly accounts = new VersionedView<AccountName>({
    table: 'webhook_dispatcher.accounts_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (account) => account.id },
      { name: 'name', type: 'text', value: (account) => account.name },
    ],
  });

  readonly inboxes = new VersionedView<InboxName>({
    table: 'webhook_dispatcher.inboxes_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (inbox) => inbox.id },
      { name: 'account_id', type: 'int', value: (inbox) => inbox.account_id },
      { name: 'name', type: 'text', value: (inbox) => inbox.name },
    ],
  });

  /** Forgets a deleted account's name and its inboxes' names. */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM webhook_dispatcher.inboxes_view WHERE account_id = $1', [accountId]);
    await tx.query('DELETE FROM webhook_dispatcher.accounts_view WHERE id = $1', [accountId]);
  }
}
