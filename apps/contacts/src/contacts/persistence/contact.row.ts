/** A contact as the set-wise statements of imports read and write it (see ContactBatchWriter). */
export interface ContactRow {
  id: number;
  name: string | null;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  additional_attributes: Record<string, unknown>;
  custom_attributes: Record<string, unknown>;
  blocked: boolean;
  created_at: Date;
}
