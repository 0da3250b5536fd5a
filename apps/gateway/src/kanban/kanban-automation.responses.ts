import { ApiProperty } from '@nestjs/swagger';
import {
  KANBAN_AUTOMATION_TRIGGERS,
  type KanbanAutomation,
  type KanbanAutomationRun,
  type KanbanAutomationTrigger,
} from '@parley/contracts';

class ConditionView {
  @ApiProperty() attribute: string;
  @ApiProperty() operator: string;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }] }) value: string | number;
}

class ActionView {
  @ApiProperty() action_name: string;
  @ApiProperty({ type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] } }) action_params: Array<
    string | number
  >;
}

export class KanbanAutomationView implements Omit<KanbanAutomation, 'conditions' | 'actions'> {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() name: string;
  @ApiProperty() funnel_id: number;
  @ApiProperty({ enum: KANBAN_AUTOMATION_TRIGGERS }) trigger: KanbanAutomationTrigger;
  @ApiProperty({ nullable: true, type: String }) stage_id: string | null;
  @ApiProperty({ nullable: true, type: Number }) hours: number | null;
  @ApiProperty({ type: [ConditionView] }) conditions: ConditionView[];
  @ApiProperty({ type: [ActionView] }) actions: ActionView[];
  @ApiProperty() active: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class KanbanAutomationRunView implements KanbanAutomationRun {
  @ApiProperty() id: number;
  @ApiProperty() automation_id: number;
  @ApiProperty({ description: 'The card' }) item_id: number;
  @ApiProperty({ enum: KANBAN_AUTOMATION_TRIGGERS }) trigger: KanbanAutomationTrigger;
  @ApiProperty({ enum: ['success', 'failed'] }) outcome: 'success' | 'failed';
  @ApiProperty({ nullable: true, type: String }) detail: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}
