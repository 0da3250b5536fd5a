import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PollingLoop } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { stageVisitIsOpen } from '../cards/stage-visits.loader';
import { KANBAN_SERVICE_CONFIG, type KanbanServiceConfig } from '../kanban.config';
import { AutomationRunsService } from './automation-runs.service';
import { AUTOMATION_COLUMNS, type AutomationRow } from './persistence/automation.row';

const BATCH = 50;

/**
 * Fires time-in-stage automations when they are due, on every replica: a due timer is claimed
 * with FOR UPDATE SKIP LOCKED and a lease (so no two replicas take it), its actions run if the
 * card is still in that stay, then the timer is deleted. Timers live in the database, so a
 * restart loses none; a replica that dies mid-run leaves the lease to expire and another takes over.
 */
@Injectable()
export class TimeInStageWorker extends PollingLoop {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runner: AutomationRunsService,
    @Inject(KANBAN_SERVICE_CONFIG) private readonly config: KanbanServiceConfig,
  ) {
    super(config.workerPollMs, 'Time-in-stage automations');
  }

  protected async pass(): Promise<boolean> {
    const claimed: Array<{ id: string; automation_id: number; card_id: number; open: boolean }> = await this.dataSource
      .query(
        `UPDATE kanban.automation_timers t SET leased_until = now() + make_interval(secs => $1::float8 / 1000)
        FROM (SELECT id FROM kanban.automation_timers WHERE due_at <= now() AND (leased_until IS NULL OR leased_until < now()) ORDER BY due_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED) due
        WHERE t.id = due.id
        RETURNING t.id, t.automation_id, t.card_id, ${stageVisitIsOpen('t.visit_id')} AS open`,
        [this.config.timerLeaseMs],
      )
      .then((result: [unknown[], number]) => result[0] as never);
    for (const timer of claimed) {
      if (timer.open) {
        const [automation]: AutomationRow[] = await this.dataSource.query(
          `SELECT ${AUTOMATION_COLUMNS} FROM kanban.automations WHERE id = $1 AND active`,
          [timer.automation_id],
        );
        if (automation) await this.runner.run(automation, timer.card_id, 'time_in_stage', `timer:${timer.id}`);
      }
      await this.dataSource.query('DELETE FROM kanban.automation_timers WHERE id = $1', [timer.id]);
    }
    return claimed.length === BATCH;
  }
}
