export interface Label {
  id: number;
  title: string;
  description: string | null;
  color: string;
  show_on_sidebar: boolean;
}

export interface CreateLabelInput {
  title: string;
  description?: string | null;
  color?: string;
  show_on_sidebar?: boolean;
}

export type UpdateLabelInput = Partial<CreateLabelInput>;

/** Titles are stored lower-case; letters, digits, `_` and `-` only (no spaces). */
export const LABEL_TITLE_PATTERN = /^[\p{L}\p{N}_-]+$/u;
export const LABEL_TITLE_MAX_LENGTH = 255;
export const LABEL_DEFAULT_COLOR = '#1f93ff';
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
