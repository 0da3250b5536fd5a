/** The columns of `messaging.teams` that raw SQL reads. */
export interface TeamRow {
  name: string;
  allow_auto_assign: boolean;
}
