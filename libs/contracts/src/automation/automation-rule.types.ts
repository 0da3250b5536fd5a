import { FILTER_OPERATORS } from '../conversations/conversation.types';

/** The events a rule can be triggered by (the contract's `event_name`). */
export const AUTOMATION_EVENT_NAMES = [
  'conversation_created',
  'conversation_updated',
  'message_created',
  'conversation_opened',
] as const;
export type AutomationEventName = (typeof AUTOMATION_EVENT_NAMES)[number];

/** Condition keys besides `custom_attributes.<key>`. */
export const CONDITION_ATTRIBUTE_KEYS = [
  'content',
  'status',
  'inbox_id',
  'team_id',
  'assignee_id',
  'labels',
  'priority',
  'message_type',
  'country_code',
  'browser_language',
  'referer',
  'campaign_id',
] as const;

/** The filter language's operators less its date comparisons, which no rule attribute has. */
export const RULE_CONDITION_OPERATORS = FILTER_OPERATORS.filter(
  (operator) => operator !== 'is_greater_than' && operator !== 'is_less_than',
);

export const RULE_ACTION_NAMES = [
  'assign_agent',
  'assign_team',
  'assign_best_agent',
  'remove_assigned_team',
  'add_label',
  'remove_label',
  'send_message',
  'send_email_to_team',
  'change_status',
  'change_priority',
  'send_webhook_event',
  'mute_conversation',
  'snooze_conversation',
  'send_attachment',
  'add_private_note',
] as const;

export interface RuleCondition {
  attribute_key: string;
  filter_operator: string;
  values: unknown[];
  /** Joins this condition to the next; null on the last. */
  query_operator?: 'and' | 'or' | null;
}

export interface RuleAction {
  action_name: string;
  action_params: unknown[];
}

export interface AutomationRule {
  id: number;
  account_id: number;
  name: string;
  description: string | null;
  event_name: AutomationEventName;
  conditions: RuleCondition[];
  actions: RuleAction[];
  active: boolean;
  /** Signs the requests of its send_webhook_event actions, like an account webhook's `secret`. */
  webhook_secret: string;
  /** Unix seconds. */
  created_on: number;
  updated_at: number;
}

export interface CreateAutomationRuleInput {
  name: string;
  description?: string | null;
  event_name: string;
  conditions: RuleCondition[];
  actions: RuleAction[];
  active?: boolean;
}

export type UpdateAutomationRuleInput = Partial<CreateAutomationRuleInput>;

export interface RuleActionOutcome {
  action_name: string;
  outcome: 'applied' | 'failed';
  /** Why it failed; null when applied. */
  reason: string | null;
}

/** One evaluation of a rule against one event. */
export interface AutomationRuleRun {
  id: number;
  event_id: string;
  event_name: AutomationEventName;
  conversation_id: number | null;
  matched: boolean;
  actions: RuleActionOutcome[];
  /** Unix seconds. */
  created_at: number;
}

export interface AutomationRuleRunPage {
  meta: { count: number; current_page: number };
  payload: AutomationRuleRun[];
}

/** Runs are kept this long, then forgotten. */
export const RULE_RUNS_RETENTION_DAYS = 7;
export const RULE_RUNS_PAGE_SIZE = 25;
