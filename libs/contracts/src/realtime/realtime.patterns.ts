/** Who a `/cable` RoomChannel subscription is: asked by the gateway of the owners of the tokens. */
export const RealtimePatterns = {
  /** Messaging: a user's token with its `user_id`, a member of `account_id`. */
  authorizeAgent: 'messaging.realtime.authorize_agent',
  /** Contacts: the contact inbox link a contact's token names. */
  authorizeContact: 'contacts.contact_inboxes.authorize_realtime',
  /** Contacts: the tokens a contact's link reaches (all its verified links' when it is verified). */
  contactTokens: 'contacts.contact_inboxes.realtime_tokens',
} as const;

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
    request: { account_id: number; inbox_id: number; source_id: string };
    response: { tokens: string[] };
  };
}
