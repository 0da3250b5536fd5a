/**
 * The cards whose notes match a text query (`kanban.notes`), as a subquery: the card search embeds
 * it to stay one statement (`accountParam` and `textParam` are the placeholders holding the account
 * id and the to_tsquery text). The owner's condition, exported for that statement (docs/service-template.md).
 */
export function cardsWithNotesMatching(accountParam: string, textParam: string): string {
  return `SELECT n.card_id FROM kanban.notes n WHERE n.account_id = ${accountParam} AND to_tsvector('simple', n.text) @@ to_tsquery('simple', ${textParam})`;
}
