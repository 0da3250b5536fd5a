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
