import { CONVERSATION_STATUSES, PRIORITIES, type ErrorCode, type RuleAction } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/** What in the account the actions may name; each list is loaded only when an action needs it. */
export interface AccountReferences {
  agentIds: ReadonlySet<number>;
  teamIds: ReadonlySet<number>;
  labelTitles: ReadonlySet<string>;
  attachmentIds: ReadonlySet<number>;
}

export type ReferenceKind = keyof AccountReferences;

const NEEDS: Partial<Record<string, ReferenceKind>> = {
  assign_agent: 'agentIds',
  assign_team: 'teamIds',
  send_email_to_team: 'teamIds',
  add_label: 'labelTitles',
  remove_label: 'labelTitles',
  send_attachment: 'attachmentIds',
};

/** The attachment ids send_attachment actions name (asked of messaging one by one, not listed). */
export function attachmentIdsOf(actions: readonly RuleAction[]): number[] {
  return actions
    .filter((action) => action.action_name === 'send_attachment')
    .map((action) => action.action_params?.[0])
    .filter(isId);
}

/** The references the actions name, so the service asks messaging for those only. */
export function referencesNeeded(actions: readonly RuleAction[]): Set<ReferenceKind> {
  return new Set(
    actions.map((action) => NEEDS[action.action_name]).filter((kind): kind is ReferenceKind => kind !== undefined),
  );
}

const ISO_DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const UNIT_SECONDS = [365 * 86_400, 30 * 86_400, 7 * 86_400, 86_400, 3600, 60, 1];

/** Seconds of an ISO 8601 duration (`P1W`, `PT2H`; a month is 30 days) or of a count of seconds; null when neither. */
export function durationSeconds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : null;
  const parts = ISO_DURATION.exec(value.toUpperCase());
  if (!parts || value.toUpperCase() === 'P' || value.toUpperCase().endsWith('T')) return null;
  const seconds = parts.slice(1).reduce((total, part, index) => total + Number(part ?? 0) * UNIT_SECONDS[index], 0);
  return seconds > 0 ? seconds : null;
}

const isId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2_147_483_647;
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

function isHttpsUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** `null` when the params suit the action, else what is wrong with them. */
function paramsProblem(action: RuleAction, refs: AccountReferences): string | null {
  const params = action.action_params ?? [];
  const [first] = params;
  switch (action.action_name) {
    case 'assign_agent':
      return isId(first) && refs.agentIds.has(first) ? null : 'must name an agent of the account';
    case 'assign_team':
      return isId(first) && refs.teamIds.has(first) ? null : 'must name a team of the account';
    case 'add_label':
    case 'remove_label': {
      if (params.length === 0 || !params.every(isText)) return 'must be label titles';
      const missing = (params as string[]).filter((title) => !refs.labelTitles.has(title.trim().toLowerCase()));
      return missing.length === 0 ? null : `name no label of the account: ${missing.join(', ')}`;
    }
    case 'send_message':
    case 'add_private_note':
      return isText(first) ? null : 'must be a text';
    case 'send_email_to_team': {
      const spec = first as { team_ids?: unknown; subject?: unknown } | undefined;
      if (!spec || typeof spec !== 'object' || !Array.isArray(spec.team_ids) || spec.team_ids.length === 0)
        return 'must be {team_ids, subject}';
      if (!isText(spec.subject)) return 'must have a subject';
      return spec.team_ids.every((id) => isId(id) && refs.teamIds.has(id)) ? null : 'must name teams of the account';
    }
    case 'change_status':
      return (CONVERSATION_STATUSES as readonly unknown[]).includes(first)
        ? null
        : `must be one of ${CONVERSATION_STATUSES.join(', ')}`;
    case 'change_priority':
      return first === null || (PRIORITIES as readonly unknown[]).includes(first)
        ? null
        : `must be one of ${PRIORITIES.join(', ')}`;
    case 'send_webhook_event':
      return isHttpsUrl(first) ? null : 'must be an HTTPS URL';
    case 'snooze_conversation':
      return durationSeconds(first) !== null ? null : 'must be an ISO 8601 duration (P1W) or seconds';
    case 'send_attachment':
      return isId(first) && refs.attachmentIds.has(first) ? null : 'must name an attachment of the account';
    default:
      // assign_best_agent, remove_assigned_team, mute_conversation take no params.
      return null;
  }
}

/** Which actions a list may hold (rules and macros differ) and the code of a fault. */
export interface ActionPolicy {
  allowed: readonly string[];
  code: ErrorCode;
}

/** The actions, each an allowed name with well-formed params naming things that exist in the account. */
export function checkActions(
  actions: readonly RuleAction[],
  refs: AccountReferences,
  policy: ActionPolicy,
): RuleAction[] {
  const fault = (message: string, attribute: string) => new DomainError(policy.code, message, [attribute]);
  if (actions.length === 0) throw fault("Actions can't be empty", 'actions');
  return actions.map((action, index) => {
    const at = `actions[${index}]`;
    if (!policy.allowed.includes(action.action_name))
      throw fault(`Action ${index + 1}: unknown action ${action.action_name}`, `${at}.action_name`);
    const problem = paramsProblem(action, refs);
    if (problem)
      throw fault(`Action ${index + 1} (${action.action_name}): action_params ${problem}`, `${at}.action_params`);
    const params = action.action_params ?? [];
    const normalised =
      action.action_name === 'add_label' || action.action_name === 'remove_label'
        ? (params as string[]).map((title) => title.trim().toLowerCase())
        : params;
    return { action_name: action.action_name, action_params: normalised };
  });
}
