/** Why a request about an automation rule failed; `attributes` name the faulty field (`conditions[1].values`). */
export const AutomationRuleErrors = {
  notFound: 'AUTOMATION_RULE.NOT_FOUND',
  nameBlank: 'AUTOMATION_RULE.NAME_BLANK',
  invalidEvent: 'AUTOMATION_RULE.INVALID_EVENT',
  invalidConditions: 'AUTOMATION_RULE.INVALID_CONDITIONS',
  invalidActions: 'AUTOMATION_RULE.INVALID_ACTIONS',
} as const;
