import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { CAMPAIGN_COLUMNS, type CampaignRow } from './persistence/campaign.row';

/** A campaign as a run sees it when claimed. */
export type ClaimedCampaign = CampaignRow;

/**
 * The run's writes to a campaign row: claims (one replica per campaign, rows taken with
 * `FOR UPDATE SKIP LOCKED` and held by a lease the runner renews), counters and the end states.
 * Every write but the claim is conditional on the runner still holding the lease of a running
 * campaign, so a pause (or a replica that took over) stops it. (An UPDATE answers [rows, count].)
 */
@Injectable()
export class CampaignRunWriter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A due campaign no replica holds: a scheduled one whose time has come starts running. A
   * campaign whose inbox another replica is sending through waits for it: the per-inbox rate is
   * paced in the sending replica's memory, so it then holds with any number of replicas. Claims
   * are taken one at a time (a transaction-scoped advisory lock; a replica that finds it taken
   * claims nothing this pass), so two replicas never both see an inbox free.
   */
  claim(owner: string, leaseMs: number, excluding: number[]): Promise<ClaimedCampaign | null> {
    return this.dataSource.transaction(async (tx) => {
      // Tried, not awaited: a replica stalled mid-claim must not hold up the others' claims.
      const [{ locked }]: Array<{ locked: boolean }> = await tx.query(
        `SELECT pg_try_advisory_xact_lock(hashtext('parley-campaign-claim')) AS locked`,
      );
      if (!locked) return null;
      const [rows]: [CampaignRow[], number] = await tx.query(
        `UPDATE campaigns.campaigns c
            SET lease_owner = $1, lease_until = now() + make_interval(secs => $2::double precision / 1000),
                run_started_at = CASE WHEN c.status = 'scheduled' THEN now() ELSE c.run_started_at END,
                run_done_at_start = CASE WHEN c.status = 'scheduled' THEN c.sent_count + c.failed_count ELSE c.run_done_at_start END,
                status = 'running', updated_at = CASE WHEN c.status = 'scheduled' THEN now() ELSE c.updated_at END
          WHERE c.id = (SELECT due.id FROM campaigns.campaigns due
                         WHERE (due.status = 'running' OR (due.status = 'scheduled' AND due.scheduled_at <= now()))
                           AND (due.lease_until IS NULL OR due.lease_until < now()) AND NOT (due.id = ANY($3::int[]))
                           AND NOT EXISTS (SELECT 1 FROM campaigns.campaigns held
                                            WHERE held.account_id = due.account_id AND held.inbox_id = due.inbox_id
                                              AND held.lease_owner <> $1 AND held.lease_until >= now())
                         ORDER BY due.id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING ${CAMPAIGN_COLUMNS}`,
        [owner, leaseMs, excluding],
      );
      return rows[0] ?? null;
    });
  }

  /** Extends the lease; false when the campaign is no longer running under this owner (paused, taken over, gone). */
  async renew(id: number, owner: string, leaseMs: number): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE campaigns.campaigns SET lease_until = now() + make_interval(secs => $3::double precision / 1000)
        WHERE id = $1 AND lease_owner = $2 AND status = 'running' RETURNING id`,
      [id, owner, leaseMs],
    );
    return rows.length > 0;
  }

  /** Lets any replica take the campaign at its next look (after an interruption). */
  async release(id: number, owner: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE campaigns.campaigns SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`,
      [id, owner],
    );
  }

  async audienceResolved(tx: EntityManager, id: number, count: number): Promise<void> {
    await tx.query(
      `UPDATE campaigns.campaigns SET audience_resolved = true, audience_count = $2, updated_at = now() WHERE id = $1`,
      [id, count],
    );
  }

  async addCounts(tx: EntityManager, id: number, sent: number, failed: number, audience = 0): Promise<void> {
    if (sent === 0 && failed === 0 && audience === 0) return;
    await tx.query(
      `UPDATE campaigns.campaigns SET sent_count = sent_count + $2, failed_count = failed_count + $3, audience_count = audience_count + $4, updated_at = now() WHERE id = $1`,
      [id, sent, failed, audience],
    );
  }

  /** Running → completed or failed, by the lease holder; false when it was paused (or taken) meanwhile. */
  async finish(
    tx: EntityManager,
    id: number,
    owner: string,
    status: 'completed' | 'failed',
    reason: string | null,
  ): Promise<boolean> {
    const [rows]: [unknown[], number] = await tx.query(
      `UPDATE campaigns.campaigns SET status = $3, failure_reason = $4, lease_owner = NULL, lease_until = NULL, updated_at = now()
        WHERE id = $1 AND lease_owner = $2 AND status = 'running' RETURNING id`,
      [id, owner, status, reason],
    );
    return rows.length > 0;
  }
}
