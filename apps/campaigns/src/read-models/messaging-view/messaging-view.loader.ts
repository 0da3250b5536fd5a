import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { InboxPatterns, type InboxSnapshot } from '@parley/contracts';
import { OWNER_LOOKUP_TIMEOUT_MS, ownerVersion, readThrough, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { MessagingViewWriter } from './messaging-view.writer';
import type { InboxViewRow } from './persistence/inbox-view.row';

/**
 * Reads of the inboxes MessagingViewConsumer keeps. The copy lags messaging's events by a few
 * milliseconds, so an inbox never seen is asked of messaging (an inbox created a moment ago is
 * valid) and the answer kept at the owner's `updated_at`; hits never leave the database.
 */
@Injectable()
export class MessagingViewLoader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: MessagingViewWriter,
    private readonly rpc: RpcClient,
  ) {}

  /** The account's live inbox, or null when it has none by that id (a tombstone or another account's row is final). */
  async inbox(accountId: number, inboxId: number): Promise<InboxSnapshot | null> {
    const [known]: InboxViewRow[] = await this.dataSource.query(
      'SELECT id, account_id, channel_type, snapshot, deleted FROM campaigns.inboxes_view WHERE id = $1',
      [inboxId],
    );
    return readThrough({
      known,
      live: (row) => row.account_id === accountId && !row.deleted,
      show: (row) => row.snapshot,
      askOwner: () =>
        this.rpc.send(
          InboxPatterns.find,
          { account_id: accountId, id: inboxId },
          { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
        ),
      keep: (inbox) => this.writer.inboxes.recordOne(this.dataSource.manager, inbox, ownerVersion(inbox)),
      showAnswer: (inbox) => inbox,
    });
  }
}
