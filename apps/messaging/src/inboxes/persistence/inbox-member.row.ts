/**
 * The inboxes a user serves (`messaging.inbox_members`), as a subquery: the conversation list and
 * counts embed it to stay one statement (`userParam` is the placeholder holding the user id, e.g. `$2`).
 */
export function inboxesServedBy(userParam: string): string {
  return `SELECT inbox_id FROM messaging.inbox_members WHERE user_id = ${userParam}`;
}
