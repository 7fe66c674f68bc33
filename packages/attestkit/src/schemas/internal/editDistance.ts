/**
 * The optimal-string-alignment distance of two strings: the fewest insertions, deletions,
 * substitutions and swaps of two neighbouring characters that turn one into the other (so
 * `slipageTolerance` is 1 from `slippageTolerance`, `referer` 1 from `referrer`, `ttl` 1 from `tlt`).
 * Stops early and returns `limit + 1` once the distance is known to exceed `limit`.
 *
 * @param a - One string.
 * @param b - The other.
 * @param limit - The largest distance of interest.
 * @returns The distance, or `limit + 1` when it is larger than `limit`.
 * @example
 * editDistance("verifed", "verified", 2) // 1
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] as number) + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length] as number, limit + 1);
}
