// The figures every benchmark reports: a quantile of a list of measurements (nearest rank, no interpolation).

/** The value at quantile `q` (0..1) of `values`. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const median = (values: number[]): number => quantile(values, 0.5);
export const p95 = (values: number[]): number => quantile(values, 0.95);

/** A median with the smallest and largest value, from the measurements that exist (a failed run gives none). */
export interface Spread {
  median: number;
  min: number;
  max: number;
  /** How many measurements there were. */
  n: number;
}

/**
 * The median (for an even count, the mean of the two middle values) and the range of `values`, leaving out
 * undefined ones; undefined when there are none. Few runs (the browser benchmarks load a page six times) make the
 * nearest-rank median of `median()` lean to the slower half, so these figures are reported this way.
 */
export function spread(values: (number | undefined)[]): Spread | undefined {
  const sorted = values.filter((v): v is number => v !== undefined && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}
