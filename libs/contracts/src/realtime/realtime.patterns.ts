import type { AvailabilityStatus } from '../identity/identity.types';

/** Who a `/cable` RoomChannel subscription is: asked by the gateway of the owners of the tokens. */
export const RealtimePatterns = {
  /** Messaging: a user's token with its `user_id`, a member of `account_id`. */
  authorizeAgent: 'messaging.realtime.authorize_agent',
  /** Contacts: the contact inbox link a contact's token names. */
  authorizeContact: 'contacts.contact_inboxes.authorize_realtime',
  /**
   * Contacts: the tokens each contact link reaches (all its verified links' when it is
   * verified), for many links at once: a fan-out batch asks once, not once per conversation.
   */
  contactTokens: 'contacts.contact_inboxes.realtime_tokens',
  /**
   * Messaging: an agent's `/cable` presence on one gateway replica (`present` on subscribe and
   * each `update_presence`, `left` when the replica's last socket of it closed); without
   * `user_id` only the answer (a contact's `presence.update`).
   */
  agentPresence: 'messaging.realtime.presence',
  /** Contacts: a contact's presence on one gateway replica; without `contact_id` only the answer (an agent's). */
  contactPresence: 'contacts.realtime.presence',
} as const;

/** A contact's link to an inbox, by the inbox's source id of the contact. */
export interface ContactLinkKey {
  account_id: number;
  inbox_id: number;
  source_id: string;
}

/** `present`: the subscription is there (refreshes its window); `left`: this replica has no socket of it any more. */
export type PresenceState = 'present' | 'left';

export interface RealtimeRpc {
  [RealtimePatterns.authorizeAgent]: {
    request: { pubsub_token: string; user_id: number; account_id: number };
    response: { granted: boolean };
  };
  [RealtimePatterns.authorizeContact]: {
    request: { pubsub_token: string };
    response: { account_id: number; contact_id: number } | null;
  };
  [RealtimePatterns.contactTokens]: {
    request: { links: ContactLinkKey[] };
    /** One list per link, in the request's order (empty for a link that does not exist). */
    response: { tokens: string[][] };
  };
  [RealtimePatterns.agentPresence]: {
    request: { account_id: number; user_id?: number; replica: string; state: PresenceState };
    /** Every member of the account and its availability (`presence.update`'s `users`). */
    response: { users: Record<string, AvailabilityStatus> };
  };
  [RealtimePatterns.contactPresence]: {
    request: { account_id: number; contact_id?: number; replica: string; state: PresenceState };
    /** The account's contacts with a connected socket (`presence.update`'s `contacts`). */
    response: { contacts: Record<string, 'online'> };
  };
}
