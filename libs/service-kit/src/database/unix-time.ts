/**
 * A row as PostgreSQL's `to_json` renders it: its timestamps as ISO 8601 text instead of the
 * Dates pg's row parser makes (everything else the services select keeps its JS type).
 */
export type JsonRow<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** Unix seconds, the form REST bodies use for timestamps; from a Date or ISO 8601 text (a JsonRow's). */
export function toUnixSeconds(date: Date | string): number;
export function toUnixSeconds(date: Date | string | null | undefined): number | null;
export function toUnixSeconds(date: Date | string | null | undefined): number | null {
  if (!date) return null;
  return Math.floor((typeof date === 'string' ? Date.parse(date) : date.getTime()) / 1000);
}

/** The Date of a column read as a Date or rendered as ISO text by JSON (a JsonRow's). */
export function asDate(value: Date | string | null): Date | null {
  return typeof value === 'string' ? new Date(value) : value;
}
