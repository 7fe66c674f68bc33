/**
 * A duration as a progress bar's ETA shows it, rounded up to the second: `7s`, `3m 05s`, `2h 04m`.
 *
 * @param seconds - The duration, in seconds.
 * @returns The duration in words.
 * @example
 * showDuration(185) // "3m 05s"
 */
export function showDuration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor(s / 60) % 60).padStart(2, "0")}m`;
}
