/** A WHERE clause over `kanban.cards c` built condition by condition, with its parameters. */
export class CardConditions {
  readonly params: unknown[];
  private readonly clauses: string[] = [];

  constructor(accountId: number) {
    this.params = [accountId];
    this.clauses.push('c.account_id = $1');
  }

  /** Adds `sql` with every `$?` standing for `value`'s parameter. */
  add(sql: string, value: unknown): this {
    this.params.push(value);
    this.clauses.push(sql.replaceAll('$?', `$${this.params.length}`));
    return this;
  }

  addIf(given: unknown, sql: string, value: unknown = given): this {
    return given === undefined || given === null ? this : this.add(sql, value);
  }

  get where(): string {
    return this.clauses.join(' AND ');
  }

  /** The next parameter's placeholder once `value` is added (for LIMIT, OFFSET and the like). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

/** Words of a search as a prefix query for to_tsquery('simple', …): every word must match the start of a word. */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.slice(0, 10).map((word) => `${word}:*`).join(' & ') : null;
}
