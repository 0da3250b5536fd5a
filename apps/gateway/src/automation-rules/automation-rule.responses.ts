import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AUTOMATION_EVENT_NAMES,
  type AutomationEventName,
  type AutomationRule,
  type AutomationRuleRun,
  type AutomationRuleRunPage,
  type RuleAction,
  type RuleActionOutcome,
  type RuleCondition,
} from '@parley/contracts';

export class RuleConditionView implements RuleCondition {
  @ApiProperty() attribute_key: string;
  @ApiProperty() filter_operator: string;
  @ApiProperty({ type: 'array', items: {} }) values: unknown[];
  @ApiPropertyOptional({ enum: ['and', 'or'], nullable: true }) query_operator?: 'and' | 'or' | null;
}

export class RuleActionView implements RuleAction {
  @ApiProperty() action_name: string;
  @ApiProperty({ type: 'array', items: {} }) action_params: unknown[];
}

export class AutomationRuleView implements AutomationRule {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ enum: AUTOMATION_EVENT_NAMES }) event_name: AutomationEventName;
  @ApiProperty({ type: [RuleConditionView] }) conditions: RuleConditionView[];
  @ApiProperty({ type: [RuleActionView] }) actions: RuleActionView[];
  @ApiProperty() active: boolean;
  @ApiProperty({ description: 'Signs the requests of its send_webhook_event actions' }) webhook_secret: string;
  @ApiProperty({ description: 'Unix seconds' }) created_on: number;
  @ApiProperty({ description: 'Unix seconds' }) updated_at: number;
}

/** `{"payload": rule}`. */
export class AutomationRuleEnvelope {
  @ApiProperty({ type: AutomationRuleView }) payload: AutomationRuleView;
}

/** `{"payload": [rule, …]}`, oldest first (the order rules run in). */
export class AutomationRuleListView {
  @ApiProperty({ type: [AutomationRuleView] }) payload: AutomationRuleView[];
}

export class RuleActionOutcomeView implements RuleActionOutcome {
  @ApiProperty() action_name: string;
  @ApiProperty({ enum: ['applied', 'failed'] }) outcome: 'applied' | 'failed';
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
}

export class AutomationRuleRunView implements AutomationRuleRun {
  @ApiProperty() id: number;
  @ApiProperty() event_id: string;
  @ApiProperty({ enum: AUTOMATION_EVENT_NAMES }) event_name: AutomationEventName;
  @ApiProperty({ nullable: true, type: Number }) conversation_id: number | null;
  @ApiProperty() matched: boolean;
  @ApiProperty({ type: [RuleActionOutcomeView] }) actions: RuleActionOutcomeView[];
  @ApiProperty({ description: 'Unix seconds' }) created_at: number;
}

class RunPageMetaView {
  @ApiProperty() count: number;
  @ApiProperty() current_page: number;
}

export class AutomationRuleRunPageView implements AutomationRuleRunPage {
  @ApiProperty({ type: RunPageMetaView }) meta: RunPageMetaView;
  @ApiProperty({ type: [AutomationRuleRunView] }) payload: AutomationRuleRunView[];
}
