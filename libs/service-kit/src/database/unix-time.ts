/** Unix seconds, the form REST bodies use for timestamps. */
export function toUnixSeconds(date: Date): number;
export function toUnixSeconds(date: Date | null | undefined): number | null;
export function toUnixSeconds(date: Date | null | undefined): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}
