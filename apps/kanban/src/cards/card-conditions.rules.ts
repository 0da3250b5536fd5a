/** A WHERE clause over `kanban.cards c` built condition by condition, with its parameters. */
export interface CardConditions {
  readonly params: unknown[];
  readonly where: string;
  /** Adds `sql` with every `$?` standing for `value`'s parameter. */
  add(sql: string, value: unknown): CardConditions;
  addIf(given: unknown, sql: string, value?: unknown): CardConditions;
  /** The next parameter's placeholder once `value` is added (for LIMIT, OFFSET and the like). */
  param(value: unknown): string;
}

/** The conditions of the account's cards (`$1` is the account id). */
export function cardConditions(accountId: number): CardConditions {
  const params: unknown[] = [accountId];
  const clauses = ['c.account_id = $1'];
  const conditions: CardConditions = {
    params,
    get where() {
      return clauses.join(' AND ');
    },
    add(sql, value) {
      params.push(value);
      clauses.push(sql.replaceAll('$?', `$${params.length}`));
      return conditions;
    },
    addIf(given, sql, value = given) {
      return given === undefined || given === null ? conditions : conditions.add(sql, value);
    },
    param(value) {
      params.push(value);
      return `$${params.length}`;
    },
  };
  return conditions;
}

/** Words of a search as a prefix query for to_tsquery('simple', …): every word must match the start of a word. */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 10)
        .map((word) => `${word}:*`)
        .join(' & ')
    : null;
}
