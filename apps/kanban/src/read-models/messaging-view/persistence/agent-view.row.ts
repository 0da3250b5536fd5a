/** @owns kanban.agents_view */
/** An `agents_view` row: a member of an account as cards and auto-assignment know it. */
export interface AgentViewRow {
  account_id: number;
  user_id: number;
  availability_status: string;
  deleted: boolean;
}
