import { MessageEvents } from '@parley/contracts';
import type { Client } from 'pg';
import { wallClock } from './event-publisher';
import { burstOf, steadyOf } from './open-loop';
import type { Workspace } from './workspace';

/**
 * Creates messages through the API as an agent replying would (spread over the workspace's
 * conversations) and remembers when each was answered 201: the start of its message → delivery
 * latency. Answers the ids of the `message.created` events the messages caused (from messaging's
 * outbox, committed with the message), which is what a webhook body names.
 */
export class MessagePoster {
  /** Event id → 201 time (wall clock, ms). */
  readonly publishedAt = new Map<string, number>();
  private next = 0;

  constructor(
    private readonly gatewayUrl: string,
    private readonly workspace: Workspace,
    private readonly db: Client,
  ) {}

  /** `count` messages, `window` requests at a time. */
  async burst(count: number, window = 32): Promise<string[]> {
    return this.eventsOf(await burstOf(count, window, () => this.post()));
  }

  /** One message every 1/rate s for `seconds`, open loop. */
  async steady(ratePerSecond: number, seconds: number): Promise<string[]> {
    return this.eventsOf(await steadyOf(ratePerSecond, seconds, () => this.post()));
  }

  /** One message; answers its id and when the 201 came. */
  private async post(): Promise<{ id: number; at: number }> {
    const { conversations, accountId, token } = this.workspace;
    const conversation = conversations[this.next++ % conversations.length];
    const response = await fetch(
      `${this.gatewayUrl}/api/v1/accounts/${accountId}/conversations/${conversation.displayId}/messages`,
      {
        method: 'POST',
        headers: { api_access_token: token, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'Your order has shipped.', message_type: 'outgoing' }),
      },
    );
    const at = wallClock();
    const body = (await response.json()) as { id: number };
    if (response.status !== 200 && response.status !== 201)
      throw new Error(`Message create answered ${response.status}: ${JSON.stringify(body)}`);
    return { id: body.id, at };
  }

  private async eventsOf(posted: Array<{ id: number; at: number }>): Promise<string[]> {
    const { rows } = await this.db.query<{ event_id: string; message_id: number }>(
      `SELECT payload->>'id' AS event_id, (payload->'data'->'message'->>'id')::int AS message_id
         FROM messaging.outbox
        WHERE type = $1 AND (payload->'data'->'message'->>'id')::int = ANY ($2::int[])`,
      [MessageEvents.created, posted.map((message) => message.id)],
    );
    const answeredAt = new Map(posted.map((message) => [message.id, message.at]));
    for (const row of rows) this.publishedAt.set(row.event_id, answeredAt.get(row.message_id)!);
    return rows.map((row) => row.event_id);
  }
}
