import type { CollectProgress } from "../collect/types.js";
import type { AuditTerminal } from "./createAuditProgressBar.js";
import { showDuration } from "./showDuration.js";

export type CreateCollectProgressBarParameters = {
  /** A terminal's stderr. */
  terminal: AuditTerminal;
  /** Least time between two drawings, in ms. Default 100. */
  intervalMs?: number | undefined;
  /** The clock, in ms. Default `performance.now`. */
  now?: (() => number) | undefined;
};

export type CollectProgressBar = {
  /** Redraws the bar, unless it was drawn less than `intervalMs` ago. */
  update: (progress: CollectProgress) => void;
  /** Erases the bar, if it was drawn. */
  clear: () => void;
};

const width = 30;

/**
 * The one-line progress of `attestkit collect`, redrawn in place at most once per `intervalMs` and
 * erased at the end: with the listing's total (v3), the share of the requests done (collected
 * before, now, or without an attestation) and an ETA from the rate of this run's fetches so far;
 * always the attestations fetched, those the file had, the rate, and the 429s and retries.
 *
 * @param parameters - {@link CreateCollectProgressBarParameters}
 * @returns The bar. {@link CollectProgressBar}
 * @example
 * const bar = createCollectProgressBar({ terminal: process.stderr })
 * bar.update(progress) // [#########---------------------] 30%  600/2,000  (400 had)  95/s  ETA 15s
 */
export function createCollectProgressBar({
  terminal,
  intervalMs = 100,
  now = () => performance.now(),
}: CreateCollectProgressBarParameters): CollectProgressBar {
  const started = now();
  let drawnAt = Number.NEGATIVE_INFINITY;
  let drawn = false;
  const count = (n: number) => n.toLocaleString("en-US");
  return {
    update: (progress) => {
      const { total, skipped, collected, unavailable, rateLimited, retries } = progress;
      const at = now();
      if (at - drawnAt < intervalMs) return;
      drawnAt = at;
      drawn = true;
      const fetched = collected + unavailable;
      const done = skipped + fetched;
      const seconds = (at - started) / 1000;
      const perSecond = seconds > 0 ? fetched / seconds : 0;
      const parts: string[] = [];
      if (total !== undefined && total > 0) {
        const share = Math.min(1, done / total);
        const filled = Math.round(width * share);
        parts.push(`[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.floor(100 * share)}%`);
        parts.push(`${count(done)}/${count(total)}`);
      } else parts.push(`${count(collected)} collected`);
      if (skipped > 0) parts.push(`(${count(skipped)} had)`);
      if (seconds > 0) parts.push(`${count(Math.round(perSecond))}/s`);
      if (total !== undefined && perSecond > 0 && done < total)
        parts.push(`ETA ${showDuration((total - done) / perSecond)}`);
      if (rateLimited > 0) parts.push(`429: ${count(rateLimited)}`);
      if (retries > rateLimited) parts.push(`retries: ${count(retries - rateLimited)}`);
      // Erase to the end of the line: a shorter line leaves nothing of the last one.
      terminal.write(`\r${parts.join("  ")}\u001b[K`);
    },
    clear: () => {
      if (drawn) terminal.write("\r\u001b[2K");
    },
  };
}
