import type { PublicEvent } from './public-event.mapper';

/** The account as payloads name it. */
export interface AccountRef {
  id: number;
  name: string;
}

/**
 * The account webhook body: `{id, event, created_at, account, data}`, with `changed_attributes`
 * for update events and `user` for typing events beside `data`. `id` is the event's id, the
 * same on every retry, so receivers can de-duplicate.
 */
export function accountPayload(event: PublicEvent, account: AccountRef): Record<string, unknown> {
  return {
    id: event.id,
    event: event.name,
    created_at: event.createdAt,
    account: { id: account.id, name: account.name },
    data: event.resource,
    ...(event.changedAttributes ? { changed_attributes: event.changedAttributes } : {}),
    ...(event.user ? { user: event.user } : {}),
  };
}
