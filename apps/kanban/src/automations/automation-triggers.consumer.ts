import { Inject, Injectable } from '@nestjs/common';
import { KanbanEvents, type EventEnvelope, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { stageVisitsOfCard } from '../cards/stage-visits.loader';
import { KANBAN_SERVICE_CONFIG, type KanbanServiceConfig } from '../kanban.config';
import { AutomationRunsService } from './automation-runs.service';
import { AUTOMATION_ORIGIN } from './automation.rules';
import { AUTOMATION_COLUMNS, type AutomationRow } from './persistence/automation.row';

/** Changes made by an automation (its origin) trigger no automation. */
const notByAutomation = (event: EventEnvelope) => !event.meta.origin.startsWith(AUTOMATION_ORIGIN);

/**
 * Stage automations react to cards created in a stage and to moves (stage left, stage entered,
 * status changed by a won/lost stage) — never to plain updates or imports, never to an
 * automation's own changes. A stage entry also schedules the time-in-stage automations of
 * that stage, durably (a row per automation and visit); leaving the stage cancels them.
 */
@Injectable()
export class AutomationTriggersConsumer {
  constructor(
    private readonly runner: AutomationRunsService,
    @Inject(KANBAN_SERVICE_CONFIG) private readonly config: KanbanServiceConfig,
  ) {}

  @OnEvent(KanbanEvents.itemCreated, {
    purpose: 'automations_item_created',
    when: (event) => notByAutomation(event) && !(event.data as { imported?: boolean }).imported,
  })
  async created(event: EventOf<typeof KanbanEvents.itemCreated>, tx: EntityManager): Promise<void> {
    const { item } = event.data;
    for (const automation of await this.runner.matching(item.funnel_id, 'item_created', item.funnel_stage))
      await this.runner.run(automation, item.id, 'item_created');
    await this.schedule(tx, item.id, item.funnel_id, item.funnel_stage);
  }

  @OnEvent(KanbanEvents.itemStageChanged, { purpose: 'automations_stage_changed', when: notByAutomation })
  async moved(event: EventOf<typeof KanbanEvents.itemStageChanged>, tx: EntityManager): Promise<void> {
    const { item, previous_funnel_id, previous_stage } = event.data;
    await tx.query(
      `DELETE FROM kanban.automation_timers WHERE card_id = $1 AND visit_id IN (SELECT id FROM (${stageVisitsOfCard('$1', 'closed')}) v)`,
      [item.id],
    );
    for (const automation of await this.runner.matching(previous_funnel_id, 'stage_left', previous_stage))
      await this.runner.run(automation, item.id, 'stage_left');
    for (const automation of await this.runner.matching(item.funnel_id, 'stage_entered', item.funnel_stage))
      await this.runner.run(automation, item.id, 'stage_entered');
    await this.schedule(tx, item.id, item.funnel_id, item.funnel_stage);
  }

  @OnEvent(KanbanEvents.itemStatusChanged, {
    purpose: 'automations_status_changed',
    when: (event) => notByAutomation(event) && (event.data as { by_move?: boolean }).by_move === true,
  })
  async statusChanged(event: EventOf<typeof KanbanEvents.itemStatusChanged>): Promise<void> {
    const { item } = event.data;
    for (const automation of await this.runner.matching(item.funnel_id, 'status_changed', item.funnel_stage))
      await this.runner.run(automation, item.id, 'status_changed');
  }

  /** One timer per time-in-stage automation of the stage, due `hours` after the card's current visit began. */
  private async schedule(tx: EntityManager, cardId: number, funnelId: number, stageId: string): Promise<void> {
    const automations: AutomationRow[] = await tx.query(
      `SELECT ${AUTOMATION_COLUMNS} FROM kanban.automations WHERE funnel_id = $1 AND trigger = 'time_in_stage' AND active AND stage_key = $2`,
      [funnelId, stageId],
    );
    for (const automation of automations) {
      await tx.query(
        `INSERT INTO kanban.automation_timers (automation_id, card_id, visit_id, due_at)
         SELECT $1, v.card_id, v.id, v.entered_at + make_interval(secs => $3::float8 / 1000)
           FROM (${stageVisitsOfCard('$2', 'open')}) v WHERE v.stage_key = $4 AND v.funnel_id = $5
         ON CONFLICT (automation_id, visit_id) DO NOTHING`,
        [automation.id, cardId, automation.hours! * this.config.hourMs, stageId, funnelId],
      );
    }
  }
}
