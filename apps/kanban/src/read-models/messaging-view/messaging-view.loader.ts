import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AgentPatterns, ConversationErrors, ConversationPatterns, type AccountScoped } from '@parley/contracts';
import { OWNER_LOOKUP_TIMEOUT_MS, ownerVersion, readThrough, RpcCallError, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { MessagingViewWriter } from './messaging-view.writer';
import type { AgentViewRow } from './persistence/agent-view.row';
import type { ConversationViewRow } from './persistence/conversation-view.row';

/**
 * Reads of the copies kept by MessagingViewConsumer. They lag messaging's events by a few
 * milliseconds, so a read that would answer "there is none" asks messaging first and keeps the
 * answer (at the owner's `updated_at`, so it never replaces a newer event); hits never leave
 * the database. A tombstone is final.
 */
@Injectable()
export class MessagingViewLoader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: MessagingViewWriter,
    private readonly rpc: RpcClient,
  ) {}

  /** Whether the account has a live conversation with this number. */
  async conversationExists(scope: AccountScoped, displayId: number): Promise<boolean> {
    const [known]: ConversationViewRow[] = await this.dataSource.query(
      'SELECT account_id, display_id, inbox_id, deleted FROM kanban.conversations_view WHERE account_id = $1 AND display_id = $2',
      [scope.account_id, displayId],
    );
    try {
      const live = await readThrough({
        known,
        live: (row) => !row.deleted,
        show: () => true,
        askOwner: () =>
          this.rpc.send(
            ConversationPatterns.show,
            { account_id: scope.account_id, caller: scope.caller, display_id: displayId },
            { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
          ),
        keep: (conversation) =>
          this.writer.conversations.recordOne(
            this.dataSource.manager,
            { account_id: scope.account_id, display_id: displayId, inbox_id: conversation.inbox_id },
            ownerVersion(conversation),
          ),
        showAnswer: () => true,
      });
      return live ?? false;
    } catch (error) {
      if (error instanceof RpcCallError && error.code === ConversationErrors.notFound) return false;
      // It exists, in an inbox the caller does not serve: a card may still refer to it.
      if (error instanceof RpcCallError && error.code === ConversationErrors.accessDenied) return true;
      throw error;
    }
  }

  /** The ids among `userIds` that are not (or no longer) agents of the account. */
  async missingAgents(scope: AccountScoped, userIds: number[]): Promise<number[]> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return [];
    const rows: AgentViewRow[] = await this.dataSource.query(
      'SELECT account_id, user_id, availability_status, deleted FROM kanban.agents_view WHERE account_id = $1 AND user_id = ANY($2)',
      [scope.account_id, ids],
    );
    const known = new Map(rows.map((row) => [row.user_id, row]));
    const unseen = ids.filter((id) => !known.has(id));
    if (unseen.length > 0) {
      const live = new Set(await this.refreshAgents(scope));
      return ids.filter((id) => (known.has(id) ? known.get(id)!.deleted : !live.has(id)));
    }
    return ids.filter((id) => known.get(id)!.deleted);
  }

  /** Online agents of the account, as auto-assignment picks among them (asking messaging when the view knows none yet). */
  async onlineAgents(scope: AccountScoped): Promise<number[]> {
    const online = await this.viewOnline(scope.account_id);
    if (online.length > 0) return online;
    await this.refreshAgents(scope);
    return this.viewOnline(scope.account_id);
  }

  /** Conversation numbers of the account in `inboxId` (reports by inbox). */
  async conversationsOfInbox(accountId: number, inboxId: number): Promise<number[]> {
    const rows: Array<{ display_id: number }> = await this.dataSource.query(
      'SELECT display_id FROM kanban.conversations_view WHERE account_id = $1 AND inbox_id = $2 AND NOT deleted',
      [accountId, inboxId],
    );
    return rows.map((row) => row.display_id);
  }

  private async viewOnline(accountId: number): Promise<number[]> {
    const rows: Array<{ user_id: number }> = await this.dataSource.query(
      `SELECT user_id FROM kanban.agents_view WHERE account_id = $1 AND availability_status = 'online' AND NOT deleted ORDER BY user_id`,
      [accountId],
    );
    return rows.map((row) => row.user_id);
  }

  /** Messaging's list of the account's agents, stored into the view; answers their ids. */
  private async refreshAgents(scope: AccountScoped): Promise<number[]> {
    const agents = await this.rpc.send(
      AgentPatterns.list,
      { account_id: scope.account_id, caller: scope.caller },
      { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
    );
    // The list carries no version: kept as of the epoch, so any event (newer by definition) wins.
    const version = new Date(0);
    await this.writer.agents.record(
      this.dataSource.manager,
      agents.map((agent) => ({
        item: { account_id: scope.account_id, user_id: agent.id, availability_status: agent.availability_status },
        version,
      })),
    );
    return agents.map((agent) => agent.id);
  }
}
