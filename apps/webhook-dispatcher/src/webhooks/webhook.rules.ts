import { WEBHOOK_EVENT_NAMES, WebhookErrors, type WebhookEventName } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/** A non-empty list of known event names, each once, in the order given. */
export function normaliseSubscriptions(names: string[]): WebhookEventName[] {
  if (names.length === 0)
    throw new DomainError(WebhookErrors.subscriptionsEmpty, "Subscriptions can't be empty", ['subscriptions']);
  const unknown = names.filter((name) => !(WEBHOOK_EVENT_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new DomainError(WebhookErrors.unknownEvents, `Subscriptions contain unknown events: ${unknown.join(', ')}`, [
      'subscriptions',
    ]);
  }
  return [...new Set(names)] as WebhookEventName[];
}
