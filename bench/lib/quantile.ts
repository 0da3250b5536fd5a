/** The q-quantile (nearest rank) of values sorted ascending, to a tenth of a millisecond; NaN when there are none. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] * 10) / 10;
}
