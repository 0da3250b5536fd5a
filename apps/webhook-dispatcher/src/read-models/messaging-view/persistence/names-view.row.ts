/** @owns webhook_dispatcher.accounts_view, webhook_dispatcher.inboxes_view */
/**
 * Account and inbox names as payloads show them (`accounts_view`, `inboxes_view`), as relations
 * that other features' statements join: fan-out reads them with the subscribed webhooks in one
 * round trip. A name whose event has not arrived yet is simply missing.
 */
export const ACCOUNT_NAMES_SQL = '(SELECT id, name FROM webhook_dispatcher.accounts_view)';
export const INBOX_NAMES_SQL = '(SELECT id, name FROM webhook_dispatcher.inboxes_view)';
