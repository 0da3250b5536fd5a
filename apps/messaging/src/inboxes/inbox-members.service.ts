import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { InboxEvents, type Agent } from '@parley/contracts';
import { Outbox } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { IdentityLoader } from '../identity/identity.loader';
import { assertAllAgents } from '../identity/membership.rules';
import { InboxesService } from './inboxes.service';
import type { InboxMemberRow } from './persistence/inbox-member.row';

/** Which agents may serve an inbox. */
@Injectable()
export class InboxMembersService {
  constructor(
    private readonly inboxes: InboxesService,
    private readonly identity: IdentityLoader,
    private readonly outbox: Outbox,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(accountId: number, inboxId: number): Promise<Agent[]> {
    await this.inboxes.find(accountId, inboxId);
    return this.members(accountId, inboxId);
  }

  /** Replaces the member list with `userIds` (all must be agents of the account). */
  set(accountId: number, inboxId: number, userIds: number[]): Promise<Agent[]> {
    return this.change(accountId, inboxId, userIds, async (tx) => {
      await tx.query('DELETE FROM messaging.inbox_members WHERE inbox_id = $1 AND NOT (user_id = ANY($2::int[]))', [
        inboxId,
        userIds,
      ]);
      await this.insert(tx, inboxId, userIds);
    });
  }

  /** Adds agents of the account (already-members are fine). */
  add(accountId: number, inboxId: number, userIds: number[]): Promise<Agent[]> {
    return this.change(accountId, inboxId, userIds, (tx) => this.insert(tx, inboxId, userIds));
  }

  remove(accountId: number, inboxId: number, userIds: number[]): Promise<Agent[]> {
    return this.change(accountId, inboxId, userIds, async (tx) => {
      await tx.query('DELETE FROM messaging.inbox_members WHERE inbox_id = $1 AND user_id = ANY($2::int[])', [
        inboxId,
        userIds,
      ]);
    });
  }

  /** An agent leaving the account leaves its inboxes there (in the caller's transaction). */
  async removeAgent(tx: EntityManager, accountId: number, userId: number): Promise<void> {
    await tx.query(
      'DELETE FROM messaging.inbox_members im USING messaging.inboxes i WHERE im.inbox_id = i.id AND i.account_id = $1 AND im.user_id = $2',
      [accountId, userId],
    );
  }

  /** Applies a change of the member list made of agents of the account; answers the new list and publishes it. */
  private async change(
    accountId: number,
    inboxId: number,
    userIds: number[],
    apply: (tx: EntityManager) => Promise<void>,
  ): Promise<Agent[]> {
    await this.inboxes.find(accountId, inboxId);
    return this.outbox.transaction(async (tx, emit) => {
      assertAllAgents(await this.identity.strangers(accountId, userIds, tx));
      await apply(tx);
      const members = await this.members(accountId, inboxId, tx);
      await emit(InboxEvents.membersChanged, accountId, {
        inbox_id: inboxId,
        user_ids: members.map((member) => member.id),
      });
      return members;
    });
  }

  private async insert(tx: EntityManager, inboxId: number, userIds: number[]): Promise<void> {
    await tx.query(
      'INSERT INTO messaging.inbox_members (inbox_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
      [inboxId, userIds],
    );
  }

  private async members(accountId: number, inboxId: number, tx?: EntityManager): Promise<Agent[]> {
    const rows: Array<Pick<InboxMemberRow, 'user_id'>> = await (tx ?? this.dataSource).query(
      'SELECT user_id FROM messaging.inbox_members WHERE inbox_id = $1',
      [inboxId],
    );
    return this.identity.agents(accountId, { userIds: rows.map((row) => row.user_id), tx });
  }
}
