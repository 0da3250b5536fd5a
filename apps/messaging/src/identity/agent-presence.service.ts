import { Inject, Injectable } from '@nestjs/common';
import type { PresenceState } from '@parley/contracts';
import { Outbox } from '@parley/service-kit';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { IdentityWriter } from './identity.writer';
import type { AgentPresenceRow } from './persistence/agent-presence.row';

/**
 * Agents' `/cable` presence (decisions.md "Realtime"): a connected agent with `auto_offline`
 * goes offline when its last socket on every replica is gone — said by the replica, or its
 * window passed — and gets its availability back when it connects again. The availability
 * stays in `account_users`, the one place auto-assignment reads; an agent that never connects
 * keeps what it set through the API.
 */
@Injectable()
export class AgentPresenceService {
  constructor(
    private readonly outbox: Outbox,
    private readonly writer: IdentityWriter,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async record(accountId: number, userId: number, replica: string, state: PresenceState): Promise<void> {
    await this.outbox.transaction(async (tx, emit) => {
      if (state === 'left') {
        await tx.query('DELETE FROM messaging.agent_presence WHERE account_id = $1 AND user_id = $2 AND replica = $3', [
          accountId,
          userId,
          replica,
        ]);
        await this.writer.offlineWithoutSockets(tx, emit, [{ account_id: accountId, user_id: userId }]);
        return;
      }
      // The membership first: a disconnect settling at the same time waits for this connect, or this for it.
      const [member]: unknown[] = await tx.query(
        'SELECT 1 FROM messaging.account_users WHERE account_id = $1 AND user_id = $2 FOR UPDATE',
        [accountId, userId],
      );
      if (!member) return;
      await tx.query(
        `INSERT INTO messaging.agent_presence (account_id, user_id, replica, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))
         ON CONFLICT (account_id, user_id, replica) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
        [accountId, userId, replica, this.config.agentPresenceSeconds],
      );
      await this.writer.restoreWhenPresent(tx, emit, accountId, userId);
    });
  }

  /** Presence whose window passed (its replica died or stopped refreshing): gone, as if the replica had said so. */
  async expire(limit: number): Promise<number> {
    return this.outbox.transaction(async (tx, emit) => {
      const [gone] = (await tx.query(
        `DELETE FROM messaging.agent_presence WHERE ctid IN (
           SELECT ctid FROM messaging.agent_presence WHERE expires_at <= now() LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING account_id, user_id`,
        [limit],
      )) as [Array<Pick<AgentPresenceRow, 'account_id' | 'user_id'>>, number];
      await this.writer.offlineWithoutSockets(tx, emit, gone);
      return gone.length;
    });
  }
}
