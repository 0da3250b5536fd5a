/** What other contexts learn about a contact from its events (the contacts service owns the rest). */
export interface ContactSnapshot {
  id: number;
  account_id: number;
  name: string | null;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  thumbnail: string | null;
  blocked: boolean;
  additional_attributes: Record<string, unknown>;
  custom_attributes: Record<string, unknown>;
  created_at: number;
  updated_at: number;
}
