import { ContactEvents, MessageEvents } from '@parley/contracts';
import type { Pool } from 'pg';
import { IMPORT_ROWS, type Attempt, type Workspace } from './cluster-workload';

/** A stretch of the run: a fault, its recovery and the steady load after it. */
export interface Phase {
  name: string;
  from: number;
  to: number;
  /** From the fault to the first write that succeeds through the balancer. */
  writesBackSeconds: number;
  /** From the fault until everything killed runs again (a NATS node after its outage) and a write succeeds. */
  recoverySeconds: number;
  requestsFailed: number;
}

/** What went wrong in one phase, by kind (e.g. `writes.message`, `duplicates.webhook`). */
export interface PhaseLedger {
  writesLost: number;
  eventsLost: number;
  duplicates: number;
  /** Webhooks sent again because the dispatcher holding them was killed mid-attempt (see `isInDoubtResend`). */
  inDoubtResends: number;
  details: Record<string, number>;
}

/**
 * A second delivery that only a dispatcher's crash explains: the first arrived shortly before a
 * dispatcher was killed, or was read by the receiver just after (its outcome not yet recorded),
 * the second when the lease of that attempt ran out, and nothing between. No sender can tell
 * whether a receiver got a request it was killed in the middle of; it sends again, with the same
 * event id, for the receiver to de-duplicate (at least once, never lost). Anything else delivered
 * twice is a duplicate.
 */
export function isInDoubtResend(
  arrivals: number[],
  kills: number[],
  lease: { leaseMs: number; timeoutMs: number },
): boolean {
  if (arrivals.length !== 2) return false;
  const [first, second] = [...arrivals].sort((a, b) => a - b);
  return killDuring(first, kills) !== undefined && second - first >= lease.leaseMs - lease.timeoutMs;
}

/** The kill of a dispatcher that may have had the attempt that arrived at `first` in flight. */
function killDuring(first: number, kills: number[]): number | undefined {
  return kills.find((kill) => kill - first <= IN_FLIGHT_BOUND_MS && first - kill <= ARRIVAL_LAG_MS);
}

/** How long before a kill an attempt may have reached the receiver and still be unrecorded. */
const IN_FLIGHT_BOUND_MS = 5_000;
/**
 * How long after a kill a request the killed dispatcher had written may still be noted by the
 * receiver: the kernel sends what was in its socket, and the receiver (this busy process) reads
 * it when its turn comes (seen: 11 ms).
 */
const ARRIVAL_LAG_MS = 1_000;

/** Webhook arrival times per event id, gathered from the receiver for the whole run. */
export type Deliveries = Map<string, number[]>;

const accepted = (attempt: Attempt) => attempt.status >= 200 && attempt.status < 300;

/**
 * Reads what the system holds and compares it with what the load was told and what the
 * receiver got. Everything is attributed to the phase the write was made in (events: the phase
 * they were committed in). `settled()` says whether nothing is still on its way.
 */
export class ClusterLedger {
  constructor(
    private readonly db: Pool,
    private readonly workspace: Workspace,
    private readonly attempts: Attempt[],
    private readonly phases: Phase[],
    private readonly deliveries: Deliveries,
    private readonly loadStartedAt: Date,
    /** When a webhook dispatcher was killed, and the dispatcher's lease settings. */
    private readonly dispatcherKills: number[],
    private readonly lease: { leaseMs: number; timeoutMs: number },
  ) {}

  /** Counts of what is not there yet (settling) or never came (after the bound): empty when all is done. */
  async outstanding(): Promise<Record<string, number>> {
    const ledgers = await this.perPhase();
    const open: Record<string, number> = {};
    for (const ledger of ledgers)
      for (const [what, count] of Object.entries(ledger.details))
        if ((what.startsWith('writes.') || what.startsWith('lost.')) && count > 0)
          open[what] = (open[what] ?? 0) + count;
    return open;
  }

  /** What a reader needs to find a duplicate's cause (its event id and arrival times). */
  readonly notes: string[] = [];

  async perPhase(): Promise<PhaseLedger[]> {
    this.notes.length = 0;
    const ledgers = this.phases.map(
      () => ({ writesLost: 0, eventsLost: 0, duplicates: 0, inDoubtResends: 0, details: {} }) as PhaseLedger,
    );
    const prefixes = {
      writesLost: 'writes',
      eventsLost: 'lost',
      duplicates: 'duplicates',
      inDoubtResends: 'resent_in_doubt',
    };
    const add = (at: number, group: keyof typeof prefixes, what: string, count = 1) => {
      if (count <= 0) return;
      const index = this.phaseAt(at);
      if (index < 0) return;
      ledgers[index][group] += count;
      const key = `${prefixes[group]}.${what}`;
      ledgers[index].details[key] = (ledgers[index].details[key] ?? 0) + count;
    };
    const ok = this.attempts.filter(accepted);
    const of = (kind: Attempt['kind']) => ok.filter((attempt) => attempt.kind === kind);

    // Messages, once each; the rule's note once per message that set it off.
    const messages = of('message');
    const stored = await this.countBy(
      'SELECT echo_id AS key, count(*)::int AS n, min(id) AS id FROM messaging.messages WHERE account_id = $1 AND echo_id = ANY($2::text[]) GROUP BY echo_id',
      messages.map((attempt) => attempt.key),
    );
    for (const attempt of messages) {
      const row = stored.get(attempt.key);
      if (!row) add(attempt.at, 'writesLost', 'message');
      else add(attempt.at, 'duplicates', 'message', row.n - 1);
    }
    const automated = messages.filter((attempt) => attempt.automated && stored.has(attempt.key));
    const eventOf = await this.messageEvents(automated.map((attempt) => Number(stored.get(attempt.key)!.id)));
    const noteKey = (eventId: string) => `${eventId}:${this.workspace.ruleId}:0`;
    const notes = await this.countBy(
      'SELECT echo_id AS key, count(*)::int AS n FROM messaging.messages WHERE account_id = $1 AND echo_id = ANY($2::text[]) GROUP BY echo_id',
      [...eventOf.values()].map(noteKey),
    );
    for (const attempt of automated) {
      const eventId = eventOf.get(Number(stored.get(attempt.key)!.id));
      const count = eventId ? (notes.get(noteKey(eventId))?.n ?? 0) : 0;
      if (count === 0) add(attempt.at, 'eventsLost', 'automation_action');
      else add(attempt.at, 'duplicates', 'automation_action', count - 1);
    }

    // Contacts written one by one, and those of each import.
    const contacts = of('contact');
    const emails = await this.countBy(
      'SELECT email AS key, count(*)::int AS n FROM contacts.contacts WHERE account_id = $1 AND email = ANY($2::text[]) GROUP BY email',
      [
        ...contacts.map((attempt) => `${attempt.key}@example.com`),
        ...of('import').flatMap((attempt) =>
          Array.from({ length: IMPORT_ROWS }, (_, row) => `import-${attempt.key}-${row}@example.com`),
        ),
      ],
    );
    for (const attempt of contacts) {
      const row = emails.get(`${attempt.key}@example.com`);
      if (!row) add(attempt.at, 'writesLost', 'contact');
      else add(attempt.at, 'duplicates', 'contact', row.n - 1);
    }
    const jobs = await this.countBy(
      'SELECT id::text AS key, 1 AS n, status FROM contacts.imports WHERE account_id = $1 AND id::text = ANY($2::text[])',
      of('import').map((attempt) => String(attempt.id)),
    );
    for (const attempt of of('import')) {
      if (!jobs.has(String(attempt.id))) {
        add(attempt.at, 'writesLost', 'import');
        continue;
      }
      for (let row = 0; row < IMPORT_ROWS; row++) {
        const found = emails.get(`import-${attempt.key}-${row}@example.com`);
        if (!found) add(attempt.at, 'eventsLost', 'import_row');
        else add(attempt.at, 'duplicates', 'import_row', found.n - 1);
      }
    }

    // Campaigns: stored, and one message to each of the audience.
    const campaigns = of('campaign');
    const campaignRows = await this.countBy(
      'SELECT id::text AS key, 1 AS n, status FROM campaigns.campaigns WHERE account_id = $1 AND id::text = ANY($2::text[])',
      campaigns.map((attempt) => String(attempt.id)),
    );
    const sends = await this.countBy(
      `SELECT c.campaign_id || ':' || c.contact_id AS key, count(m.id)::int AS n FROM messaging.conversations c
         JOIN messaging.messages m ON m.conversation_id = c.id AND m.message_type = 'outgoing'
        WHERE c.account_id = $1 AND c.campaign_id::text = ANY($2::text[]) GROUP BY c.campaign_id, c.contact_id`,
      campaigns.map((attempt) => String(attempt.id)),
    );
    for (const attempt of campaigns) {
      if (!campaignRows.has(String(attempt.id))) {
        add(attempt.at, 'writesLost', 'campaign');
        continue;
      }
      for (const contact of this.workspace.audience) {
        const count = sends.get(`${attempt.id}:${contact}`)?.n ?? 0;
        if (count === 0) add(attempt.at, 'eventsLost', 'campaign_send');
        else add(attempt.at, 'duplicates', 'campaign_send', count - 1);
      }
    }

    // Kanban cards: stored, and their time-in-stage timer fired once (one checklist item).
    const cards = of('card');
    const cardRows = await this.countBy(
      `SELECT c.id::text AS key, count(i.id)::int AS n FROM kanban.cards c LEFT JOIN kanban.checklist_items i ON i.card_id = c.id
        WHERE c.account_id = $1 AND c.id::text = ANY($2::text[]) GROUP BY c.id`,
      cards.map((attempt) => String(attempt.id)),
    );
    for (const attempt of cards) {
      const row = cardRows.get(String(attempt.id));
      if (!row) add(attempt.at, 'writesLost', 'card');
      else if (row.n === 0) add(attempt.at, 'eventsLost', 'timer_firing');
      else add(attempt.at, 'duplicates', 'timer_firing', row.n - 1);
    }

    // Events committed in the phase: each delivered to the webhook, once.
    for (const event of await this.committedEvents()) {
      const arrivals = this.deliveries.get(event.id) ?? [];
      if (arrivals.length === 0) add(event.at, 'eventsLost', 'webhook_event');
      else if (isInDoubtResend(arrivals, this.dispatcherKills, this.lease))
        // Counted in the phase of the kill that caused it.
        add(killDuring(Math.min(...arrivals), this.dispatcherKills)!, 'inDoubtResends', 'webhook_delivery');
      else add(event.at, 'duplicates', 'webhook_delivery', arrivals.length - 1);
      if (arrivals.length > 1)
        this.notes.push(
          `event ${event.id} committed ${new Date(event.at).toISOString()} arrived ${arrivals.map((at) => new Date(at).toISOString()).join(', ')}`,
        );
    }
    return ledgers;
  }

  /** The phase of a moment; what was committed after the load stopped (sends, notes) is the last phase's. */
  private phaseAt(at: number): number {
    const last = this.phases.length - 1;
    if (last >= 0 && at >= this.phases[last].to) return last;
    return this.phases.findIndex((phase) => at >= phase.from && at < phase.to);
  }

  private async countBy(sql: string, keys: string[]): Promise<Map<string, { n: number; id?: string }>> {
    if (keys.length === 0) return new Map();
    const { rows } = await this.db.query<{ key: string; n: number; id?: string }>(sql, [
      this.workspace.accountId,
      keys,
    ]);
    return new Map(rows.map((row) => [row.key, row]));
  }

  /** The message.created event id of each message id. */
  private async messageEvents(messageIds: number[]): Promise<Map<number, string>> {
    if (messageIds.length === 0) return new Map();
    const { rows } = await this.db.query<{ message_id: number; id: string }>(
      `SELECT (payload->'data'->'message'->>'id')::int AS message_id, payload->>'id' AS id FROM messaging.outbox
        WHERE payload->>'type' = $1 AND (payload->>'account_id')::int = $2 AND (payload->'data'->'message'->>'id')::int = ANY($3::int[])`,
      [MessageEvents.created, this.workspace.accountId, messageIds],
    );
    return new Map(rows.map((row) => [row.message_id, row.id]));
  }

  private async committedEvents(): Promise<Array<{ id: string; at: number }>> {
    const query = (schema: string, type: string) =>
      this.db.query<{ id: string; at: Date }>(
        `SELECT payload->>'id' AS id, created_at AS at FROM ${schema}.outbox
          WHERE payload->>'type' = $1 AND (payload->>'account_id')::int = $2 AND created_at >= $3`,
        [type, this.workspace.accountId, this.loadStartedAt],
      );
    // An import's contacts travel many to an event, each item under the id of its own contact_created.
    const imported = await this.db.query<{ id: string; at: Date }>(
      `SELECT item->>'event_id' AS id, o.created_at AS at
         FROM contacts.outbox o CROSS JOIN jsonb_array_elements(o.payload->'data'->'contacts') AS item
        WHERE o.payload->>'type' = $1 AND (o.payload->>'account_id')::int = $2 AND o.created_at >= $3`,
      [ContactEvents.imported, this.workspace.accountId, this.loadStartedAt],
    );
    const rows = [
      ...(await query('messaging', MessageEvents.created)).rows,
      ...(await query('contacts', ContactEvents.created)).rows,
      ...imported.rows,
    ];
    return rows.map((row) => ({ id: row.id, at: row.at.getTime() }));
  }
}
