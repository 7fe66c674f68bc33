import type { Io } from "../io.js";

/** What a `collect` run did, as `--json` prints it. */
export type CollectSummary = {
  out: string;
  version: "v1" | "v2";
  listing: "v3" | "v2";
  /** The listing's total, when it tells one (v3). */
  total: number | null;
  /** Attestations appended this run. */
  collected: number;
  /** Listed requests the file had before. */
  had: number;
  unavailable: number;
  /** Lines of the file now, one per request. */
  lines: number;
  /** Bytes of a torn last line cut before the run. */
  cut: number;
  retries: number;
  rateLimited: number;
  /** Requests sent in all (pages, attestations, retries). */
  requests: number;
  elapsedMs: number;
  /** Attestations a second. */
  perSecond: number;
  requestsPerSecond: number;
  /** `--rate`, requests a second. */
  rate: number;
};

/**
 * Prints a `collect` run's summary: one JSON object with `--json` (with the first unavailable ids),
 * else aligned lines ending with the command that audits the file.
 *
 * @param io - Where to print.
 * @param summary - {@link CollectSummary}
 * @param unavailableIds - The first unavailable request ids (each was also printed on stderr).
 * @param json - `--json`.
 * @example
 * printCollectSummary(io, summary, unavailableIds, options.json)
 */
export function printCollectSummary(
  io: Io,
  summary: CollectSummary,
  unavailableIds: readonly string[],
  json: boolean | undefined,
): void {
  if (json) {
    io.out(JSON.stringify({ ...summary, unavailableIds }));
    return;
  }
  const { version, out, elapsedMs } = summary;
  io.out(
    `collected    ${summary.collected} ${version} attestations into ${out} in ${(elapsedMs / 1000).toFixed(1)} s (${summary.perSecond}/s; --rate ${summary.rate})`,
  );
  io.out(`had          ${summary.had} (in the file before)`);
  io.out(
    `unavailable  ${summary.unavailable}${summary.unavailable > 0 ? " (listed above; run again to try them again)" : ""}`,
  );
  io.out(`file         ${summary.lines} lines, one per request`);
  io.out(
    `requests     ${summary.requests} (${summary.requestsPerSecond}/s), of which retries ${summary.retries} (429: ${summary.rateLimited})`,
  );
  io.out(`next         attestkit audit ${out}${version === "v2" ? " --v2" : ""}`);
}
