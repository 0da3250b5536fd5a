/** @owns webhook_dispatcher.accounts_view, webhook_dispatcher.inboxes_view */

/** An account's name as payloads show it (an `accounts_view` row, its version aside). */
export interface AccountName {
  id: number;
  name: string;
}

/** An inbox's name as payloads show it (an `inboxes_view` row, its version aside). */
export interface InboxName {
  id: number;
  account_id: number;
  name: string;
}
