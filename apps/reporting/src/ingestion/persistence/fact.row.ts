/** @owns reporting.facts, reporting.label_keys */
import { FactKind } from '../fact.rules';

/** The columns of `reporting.facts` as one JSON record each (the writer sends a batch as a jsonb array). */
export const INSERT_FACTS = `
  INSERT INTO reporting.facts (account_id, kind, at, conversation_id, inbox_id, agent_id, team_id, label_ids, value, value_bh, samples)
  SELECT account_id, kind, to_timestamp(at), conversation_id, inbox_id, agent_id, team_id, label_ids, value, value_bh, samples
  FROM jsonb_to_recordset($1::jsonb) AS f(account_id int, kind smallint, at bigint, conversation_id int, inbox_id int, agent_id int,
    team_id int, label_ids int[], value bigint, value_bh bigint, samples int)`;

export interface FactRecord {
  account_id: number;
  kind: number;
  at: number;
  conversation_id: number;
  inbox_id: number | null;
  agent_id: number | null;
  team_id: number | null;
  label_ids: number[];
  value: number;
  value_bh: number;
  samples: number;
}

const K = FactKind;

/**
 * One fact row as the columns of a roll-up row (same names, same meaning): what reports add
 * up over raw facts, for the partial hours at a window's edges and for zones whose offset is
 * not whole hours. It mirrors the roll-up rule (rollupDelta): the e2e suites' windows start and end
 * off the hour, so their exact figures come from both.
 */
export const FACT_AS_ROLLUP_COLUMNS = `
  (f.kind IN (${K.conversationCreated}, ${K.scopeEntered}))::int AS conversations,
  (f.kind = ${K.incomingMessage})::int AS incoming,
  (f.kind = ${K.outgoingMessage})::int AS outgoing,
  (f.kind = ${K.resolution})::int AS resolutions,
  CASE WHEN f.kind = ${K.firstResponse} THEN f.value ELSE 0 END AS frt_sum,
  CASE WHEN f.kind = ${K.firstResponse} THEN f.value_bh ELSE 0 END AS frt_bh_sum,
  (f.kind = ${K.firstResponse})::int AS frt_n,
  CASE WHEN f.kind = ${K.resolution} THEN f.value ELSE 0 END AS res_sum,
  CASE WHEN f.kind = ${K.resolution} THEN f.value_bh ELSE 0 END AS res_bh_sum,
  CASE WHEN f.kind = ${K.reply} THEN f.value ELSE 0 END AS reply_sum,
  CASE WHEN f.kind = ${K.reply} THEN f.value_bh ELSE 0 END AS reply_bh_sum,
  CASE WHEN f.kind = ${K.reply} THEN f.samples ELSE 0 END AS reply_n,
  (f.kind = ${K.botResolution})::int AS bot_resolutions,
  (f.kind = ${K.botHandoff})::int AS bot_handoffs,
  (f.kind = ${K.botSession})::int AS bot_sessions`;

/** The facts of one scope, `id` being the placeholder of the scope's id (agent, inbox, team id or label key). */
export const FACT_SCOPE_FILTERS = {
  account: () => `f.kind <> ${K.scopeEntered}`,
  agent: (id: string) => `f.agent_id = ${id}`,
  inbox: (id: string) => `f.inbox_id = ${id}`,
  team: (id: string) => `f.team_id = ${id}`,
  label: (id: string) => `${id} = ANY(f.label_ids)`,
} as const;
