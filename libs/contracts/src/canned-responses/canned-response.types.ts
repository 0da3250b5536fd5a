export interface CannedResponse {
  id: number;
  account_id: number;
  short_code: string;
  content: string;
  created_at: number;
  updated_at: number;
}

export interface CreateCannedResponseInput {
  short_code: string;
  content: string;
}

export type UpdateCannedResponseInput = Partial<CreateCannedResponseInput>;

/** The variables a canned response may contain; they are replaced when it is inserted. */
export interface CannedResponseVariables {
  contact?: { name?: string | null; email?: string | null; phone_number?: string | null };
  conversation?: { id?: number | null; display_id?: number | null };
  agent?: { name?: string | null };
}
