import type { AuditRangeLine } from "./auditWorker.js";
import type { AuditWorkerPool } from "./auditWorkerPool.js";

/**
 * Tells each range whose ranges before it have all been read the line it starts on: the line
 * after the last line end of the range before it (ranges hold whole lines, and line 1 starts the
 * first). Stops at the first range whose line ends are not known yet.
 *
 * @param pool - The run's state: `numbered` and `nextLine` move on, numbered ranges are dropped.
 * @returns Nothing. Never throws (a closed port drops the message).
 * @example
 * numberAuditRanges(pool)
 */
export function numberAuditRanges(pool: AuditWorkerPool): void {
  const { ranges } = pool;
  for (; pool.numbered < pool.nextSeq; pool.numbered++) {
    const range = ranges.get(pool.numbered);
    if (range === undefined) continue;
    if (range.lineEnds === undefined) return;
    range.thread.lines.postMessage({
      kind: "line",
      seq: pool.numbered,
      line: pool.nextLine,
    } satisfies AuditRangeLine);
    pool.nextLine += range.lineEnds;
    ranges.delete(pool.numbered);
  }
}
