/**
 * Who may call each operation of the gateway. Every operation the served OpenAPI document lists
 * must have a rule here: the access-matrix suite fails on an operation without one, so a new
 * route cannot ship unchecked.
 *
 * - `public`: no token needed.
 * - `signed`: no token; the URL's signature is the authorisation (attachment downloads).
 * - `platform`: the operator's PLATFORM_API_TOKEN only.
 * - `user`: any signed-in user, outside an account (the profile).
 * - `member`: a member of the path's account, any role.
 * - `admin`: administrators of the path's account.
 * - `inbox`: members of the path's account; agents only for conversations of inboxes they belong to.
 */
export type AccessRule = 'public' | 'signed' | 'platform' | 'user' | 'member' | 'admin' | 'inbox';

const V1 = '/api/v1/accounts/{account_id}';
const V2 = '/api/v2/accounts/{account_id}';

export const ACCESS_RULES: Record<string, AccessRule> = {
  'GET /api': 'public',
  'GET /health': 'public',
  'GET /health/live': 'public',
  'GET /health/ready': 'public',
  'GET /metrics': 'public',
  'POST /api/v1/auth/activate': 'public',
  'GET /attachments/{path}': 'signed',

  'POST /platform/api/v1/accounts': 'platform',
  'GET /platform/api/v1/accounts/{id}': 'platform',
  'PATCH /platform/api/v1/accounts/{id}': 'platform',
  'DELETE /platform/api/v1/accounts/{id}': 'platform',
  'GET /platform/api/v1/accounts/{id}/account_users': 'platform',
  'POST /platform/api/v1/accounts/{id}/account_users': 'platform',
  'DELETE /platform/api/v1/accounts/{id}/account_users': 'platform',
  'POST /platform/api/v1/users': 'platform',
  'GET /platform/api/v1/users/{id}': 'platform',
  'PATCH /platform/api/v1/users/{id}': 'platform',
  'DELETE /platform/api/v1/users/{id}': 'platform',

  'GET /api/v1/profile': 'user',
  'PATCH /api/v1/profile': 'user',
  'PUT /api/v1/profile': 'user',
  'POST /api/v1/profile/access_token': 'user',

  [`GET ${V1}/agents`]: 'member',
  [`POST ${V1}/agents`]: 'admin',
  [`PATCH ${V1}/agents/{id}`]: 'admin',
  [`PUT ${V1}/agents/{id}`]: 'admin',
  [`DELETE ${V1}/agents/{id}`]: 'admin',

  [`GET ${V1}/teams`]: 'member',
  [`POST ${V1}/teams`]: 'admin',
  [`GET ${V1}/teams/{id}`]: 'member',
  [`PATCH ${V1}/teams/{id}`]: 'admin',
  [`PUT ${V1}/teams/{id}`]: 'admin',
  [`DELETE ${V1}/teams/{id}`]: 'admin',
  [`GET ${V1}/teams/{id}/team_members`]: 'member',
  [`POST ${V1}/teams/{id}/team_members`]: 'admin',
  [`PATCH ${V1}/teams/{id}/team_members`]: 'admin',
  [`DELETE ${V1}/teams/{id}/team_members`]: 'admin',

  [`GET ${V1}/inboxes`]: 'member',
  [`POST ${V1}/inboxes`]: 'admin',
  [`GET ${V1}/inboxes/{id}`]: 'member',
  [`PATCH ${V1}/inboxes/{id}`]: 'admin',
  [`PUT ${V1}/inboxes/{id}`]: 'admin',
  [`DELETE ${V1}/inboxes/{id}`]: 'admin',
  [`GET ${V1}/inboxes/{id}/inbox_members`]: 'admin',
  [`POST ${V1}/inboxes/{id}/inbox_members`]: 'admin',
  [`DELETE ${V1}/inboxes/{id}/inbox_members`]: 'admin',
  [`GET ${V1}/inbox_members/{inbox_id}`]: 'admin',
  [`POST ${V1}/inbox_members`]: 'admin',
  [`PATCH ${V1}/inbox_members`]: 'admin',
  [`DELETE ${V1}/inbox_members`]: 'admin',
  [`GET ${V1}/inboxes/{id}/agent_bot`]: 'admin',
  [`POST ${V1}/inboxes/{id}/set_agent_bot`]: 'admin',

  [`GET ${V1}/agent_bots`]: 'admin',
  [`POST ${V1}/agent_bots`]: 'admin',
  [`GET ${V1}/agent_bots/{id}`]: 'admin',
  [`PATCH ${V1}/agent_bots/{id}`]: 'admin',
  [`PUT ${V1}/agent_bots/{id}`]: 'admin',
  [`DELETE ${V1}/agent_bots/{id}`]: 'admin',

  [`GET ${V1}/labels`]: 'member',
  [`POST ${V1}/labels`]: 'admin',
  [`GET ${V1}/labels/{id}`]: 'member',
  [`PATCH ${V1}/labels/{id}`]: 'admin',
  [`PUT ${V1}/labels/{id}`]: 'admin',
  [`DELETE ${V1}/labels/{id}`]: 'admin',

  [`GET ${V1}/custom_attribute_definitions`]: 'member',
  [`POST ${V1}/custom_attribute_definitions`]: 'admin',
  [`GET ${V1}/custom_attribute_definitions/{id}`]: 'member',
  [`PATCH ${V1}/custom_attribute_definitions/{id}`]: 'admin',
  [`PUT ${V1}/custom_attribute_definitions/{id}`]: 'admin',
  [`DELETE ${V1}/custom_attribute_definitions/{id}`]: 'admin',

  [`GET ${V1}/canned_responses`]: 'member',
  [`POST ${V1}/canned_responses`]: 'admin',
  [`PATCH ${V1}/canned_responses/{id}`]: 'admin',
  [`PUT ${V1}/canned_responses/{id}`]: 'admin',
  [`DELETE ${V1}/canned_responses/{id}`]: 'admin',

  [`GET ${V1}/webhooks`]: 'admin',
  [`POST ${V1}/webhooks`]: 'admin',
  [`PATCH ${V1}/webhooks/{id}`]: 'admin',
  [`PUT ${V1}/webhooks/{id}`]: 'admin',
  [`DELETE ${V1}/webhooks/{id}`]: 'admin',
  [`GET ${V1}/webhooks/{id}/deliveries`]: 'admin',

  [`GET ${V1}/contacts`]: 'member',
  [`POST ${V1}/contacts`]: 'member',
  [`GET ${V1}/contacts/search`]: 'member',
  [`POST ${V1}/contacts/filter`]: 'member',
  [`POST ${V1}/contacts/import`]: 'admin',
  [`GET ${V1}/contacts/imports/{id}`]: 'admin',
  [`GET ${V1}/contacts/imports/{id}/errors`]: 'admin',
  [`GET ${V1}/contacts/{id}`]: 'member',
  [`PATCH ${V1}/contacts/{id}`]: 'member',
  [`PUT ${V1}/contacts/{id}`]: 'member',
  [`DELETE ${V1}/contacts/{id}`]: 'admin',
  [`POST ${V1}/contacts/{id}/block`]: 'member',
  [`POST ${V1}/contacts/{id}/unblock`]: 'member',
  [`GET ${V1}/contacts/{id}/contact_inboxes`]: 'member',
  [`POST ${V1}/contacts/{id}/contact_inboxes`]: 'member',
  [`GET ${V1}/contacts/{id}/contactable_inboxes`]: 'member',
  [`GET ${V1}/contacts/{id}/conversations`]: 'member',
  [`GET ${V1}/contacts/{id}/labels`]: 'member',
  [`POST ${V1}/contacts/{id}/labels`]: 'member',
  [`GET ${V1}/contacts/{id}/notes`]: 'member',
  [`POST ${V1}/contacts/{id}/notes`]: 'member',
  [`PATCH ${V1}/contacts/{id}/notes/{note_id}`]: 'member',
  [`DELETE ${V1}/contacts/{id}/notes/{note_id}`]: 'member',
  [`POST ${V1}/actions/contact_merge`]: 'admin',

  [`GET ${V1}/automation_rules`]: 'admin',
  [`POST ${V1}/automation_rules`]: 'admin',
  [`GET ${V1}/automation_rules/{id}`]: 'admin',
  [`PATCH ${V1}/automation_rules/{id}`]: 'admin',
  [`PUT ${V1}/automation_rules/{id}`]: 'admin',
  [`DELETE ${V1}/automation_rules/{id}`]: 'admin',
  [`POST ${V1}/automation_rules/{id}/clone`]: 'admin',
  [`POST ${V1}/automation_rules/{id}/active`]: 'admin',
  [`GET ${V1}/automation_rules/{id}/runs`]: 'admin',

  [`GET ${V1}/campaigns`]: 'admin',
  [`POST ${V1}/campaigns`]: 'admin',
  [`GET ${V1}/campaigns/{id}`]: 'admin',
  [`PATCH ${V1}/campaigns/{id}`]: 'admin',
  [`DELETE ${V1}/campaigns/{id}`]: 'admin',
  [`POST ${V1}/campaigns/{id}/pause`]: 'admin',
  [`POST ${V1}/campaigns/{id}/resume`]: 'admin',
  [`GET ${V1}/campaigns/{id}/sends`]: 'admin',
  // The widget side reports a visit; any member of the account may (the campaign's sender writes).
  [`POST ${V1}/inboxes/{id}/campaign_triggers`]: 'member',

  // Macros are open to members; who may see or change one (global vs personal) is the service's rule.
  [`GET ${V1}/macros`]: 'member',
  [`POST ${V1}/macros`]: 'member',
  [`GET ${V1}/macros/{id}`]: 'member',
  [`PATCH ${V1}/macros/{id}`]: 'member',
  [`PUT ${V1}/macros/{id}`]: 'member',
  [`DELETE ${V1}/macros/{id}`]: 'member',
  [`POST ${V1}/macros/{id}/execute`]: 'member',

  [`GET ${V1}/conversations`]: 'member',
  [`POST ${V1}/conversations`]: 'member',
  [`GET ${V1}/conversations/meta`]: 'member',
  [`POST ${V1}/conversations/filter`]: 'member',
  [`GET ${V1}/conversations/{id}`]: 'inbox',
  [`POST ${V1}/conversations/{id}/assignments`]: 'inbox',
  [`POST ${V1}/conversations/{id}/custom_attributes`]: 'inbox',
  [`GET ${V1}/conversations/{id}/labels`]: 'inbox',
  [`POST ${V1}/conversations/{id}/labels`]: 'inbox',
  [`POST ${V1}/conversations/{id}/mute`]: 'inbox',
  [`POST ${V1}/conversations/{id}/unmute`]: 'inbox',
  [`POST ${V1}/conversations/{id}/toggle_priority`]: 'inbox',
  [`POST ${V1}/conversations/{id}/toggle_status`]: 'inbox',
  [`POST ${V1}/conversations/{id}/toggle_typing_status`]: 'inbox',
  [`POST ${V1}/conversations/{id}/transcript`]: 'inbox',
  [`POST ${V1}/conversations/{id}/update_last_seen`]: 'inbox',
  [`GET ${V1}/conversations/{conversation_id}/messages`]: 'inbox',
  [`POST ${V1}/conversations/{conversation_id}/messages`]: 'inbox',
  [`DELETE ${V1}/conversations/{conversation_id}/messages/{id}`]: 'inbox',

  // Reports (version 2 prefix): administrators only.
  [`GET ${V2}/reports/summary`]: 'admin',
  [`GET ${V2}/reports/conversations`]: 'admin',
  [`GET ${V2}/reports/agents_summary`]: 'admin',
  [`GET ${V2}/reports/inboxes_summary`]: 'admin',
  [`GET ${V2}/reports/teams_summary`]: 'admin',
  [`GET ${V2}/reports/labels_summary`]: 'admin',
  [`GET ${V2}/reports/live/conversations`]: 'admin',
  [`GET ${V2}/reports/live/agents`]: 'admin',
  [`GET ${V2}/reports/conversations_traffic`]: 'admin',
  [`GET ${V2}/reports/bot_metrics`]: 'admin',
  [`GET ${V2}/csat_reports`]: 'admin',
  // The survey's unguessable uuid is the authorisation (rate-limited per IP).
  'POST /public/api/v1/csat_survey/{uuid}': 'public',
  'POST /platform/api/v1/reporting/rebuild': 'platform',
  'GET /platform/api/v1/reporting/state': 'platform',
};
