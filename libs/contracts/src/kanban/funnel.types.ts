export interface FunnelStage {
  id: string;
  name: string;
  /** `#rgb` or `#rrggbb`. */
  color: string;
  position: number;
  description: string | null;
}

/** A definition cards' `custom_attributes` are validated against. */
export interface FunnelAttributeDefinition {
  key: string;
  name: string;
  type: 'text' | 'number' | 'date' | 'list' | 'checkbox' | 'link';
  /** Allowed values of a `list`. */
  values: string[];
  required: boolean;
}

export interface Funnel {
  id: number;
  account_id: number;
  name: string;
  description: string | null;
  active: boolean;
  is_default: boolean;
  /** Keyed by stage id. */
  stages: Record<string, FunnelStage>;
  settings: Record<string, unknown>;
  global_custom_attributes: FunnelAttributeDefinition[];
  created_at: string;
  updated_at: string;
}

/** Stages and definitions arrive as clients send them; the service judges them (422 naming the fault). */
export interface FunnelInput {
  name?: string;
  description?: string | null;
  active?: boolean;
  is_default?: boolean;
  stages?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  global_custom_attributes?: unknown[];
}

export interface StageInput {
  id?: string;
  name?: string;
  color?: string;
  position?: number;
  description?: string | null;
}

/** `{"<stage_id>": {name, count, total_value}}` for the cards now in each stage. */
export type StageStats = Record<string, { name: string; count: number; total_value: number }>;
