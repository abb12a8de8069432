// The figures every benchmark reports: a quantile of a list of measurements (nearest rank, no interpolation).

/** The value at quantile `q` (0..1) of `values`. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const median = (values: number[]): number => quantile(values, 0.5);
export const p95 = (values: number[]): number => quantile(values, 0.95);
