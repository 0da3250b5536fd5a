import { createTestAccount } from '../client/test-account';
import { eventually } from '../eventually';
import { publishContactUpdate } from './contact-update';
import { allDeliveryAttempts } from './delivery-attempts';
import { exactlyOnceProblems, finishedEventIds } from './delivery-ledger';
import { createWebhookEndpoint } from './webhook-endpoints';

export interface DeliveryRound {
  events: number;
  /** Attempts logged: more than `events` when some first attempts failed (e.g. timed out) and were made again. */
  attempts: number;
  /** Requests the receiver recorded (an attempt that timed out may or may not have reached it). */
  requests: number;
  /** What broke "exactly once" (see exactlyOnceProblems); empty when all held. */
  problems: string[];
}

/**
 * One round of "many events to one webhook at once": a fresh account, endpoint and webhook,
 * `events` contact updates published together, then — once the log shows every delivery
 * finished — the whole log checked against what the receiver recorded. Run it with several
 * dispatcher replicas to check that none sends what another one holds.
 */
export async function deliveryRound(events: number, timeoutMs: number): Promise<DeliveryRound> {
  const account = await createTestAccount();
  const endpoint = await createWebhookEndpoint();
  const created = await account.admin.api.post('/webhooks', { url: endpoint.url, subscriptions: ['contact_updated'] });
  if (created.status !== 201) throw new Error(`Creating the webhook answered ${created.status}: ${created.text}`);
  const webhookId = (created.body as { id: number }).id;
  const eventIds = (await Promise.all(Array.from({ length: events }, () => publishContactUpdate(account.id)))).map(
    (event) => event.id,
  );
  const attempts = await eventually(
    async () => {
      const logged = await allDeliveryAttempts(account.admin.api, webhookId);
      const finished = finishedEventIds(logged);
      const pending = eventIds.filter((id) => !finished.has(id));
      if (pending.length > 0)
        throw new Error(
          `${pending.length} of ${events} deliveries not finished (${logged.length} attempts logged), e.g. event ${pending[0]}`,
        );
      return logged;
    },
    { timeoutMs, description: `Every delivery of ${events} events finished` },
  );
  // Read once every delivery is logged finished: whatever the log says was answered 2xx is here by now.
  const requests = await endpoint.requests();
  return {
    events,
    attempts: attempts.length,
    requests: requests.length,
    problems: exactlyOnceProblems(eventIds, attempts, requests),
  };
}
