import { showDuration } from "./showDuration.js";

/** Where the progress bar is drawn: a terminal's stderr. */
export type AuditTerminal = { isTTY?: boolean; write: (text: string) => unknown };

export type CreateAuditProgressBarParameters = {
  terminal: AuditTerminal;
  /** The input's size in bytes, when it is a regular file: the bar shows the share read and an ETA. */
  size: number | undefined;
  /** Least time between two drawings, in ms (the last one, at 100 %, is always drawn). Default 100. */
  intervalMs?: number | undefined;
  /** The clock, in ms. Default `performance.now`. */
  now?: (() => number) | undefined;
};

/** Progress as the audit reports it after each batch. */
export type AuditProgress = { entries: number; bytesRead: number };

export type AuditProgressBar = {
  /** Redraws the bar, unless it was drawn less than `intervalMs` ago. */
  update: (progress: AuditProgress) => void;
  /** Erases the bar, if it was drawn. */
  clear: () => void;
};

const width = 30;

/**
 * A one-line progress bar redrawn in place, at most once per `intervalMs`, and erased when the
 * audit ends: with the file's size, how much of it is read and an ETA from the rate so far; always
 * the entries done and the entries verified per second.
 *
 * @param parameters - {@link CreateAuditProgressBarParameters}
 * @returns The bar. {@link AuditProgressBar}
 * @example
 * const bar = createAuditProgressBar({ terminal: process.stderr, size })
 * bar.update({ entries: 4096, bytesRead: 1_048_576 }) // [####----] 12%  4,096 entries  8,120/s  ETA 7s
 */
export function createAuditProgressBar({
  terminal,
  size,
  intervalMs = 100,
  now = () => performance.now(),
}: CreateAuditProgressBarParameters): AuditProgressBar {
  const started = now();
  let drawnAt = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update: ({ entries, bytesRead }) => {
      const at = now();
      const finished = size !== undefined && bytesRead >= size;
      if (!finished && at - drawnAt < intervalMs) return;
      drawnAt = at;
      drawn = true;
      const seconds = (at - started) / 1000;
      const share = size === undefined || size === 0 ? undefined : Math.min(1, bytesRead / size);
      const parts: string[] = [];
      if (share !== undefined) {
        const filled = Math.round(width * share);
        parts.push(`[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.floor(100 * share)}%`);
      }
      parts.push(`${entries.toLocaleString("en-US")} ${entries === 1 ? "entry" : "entries"}`);
      if (seconds > 0) parts.push(`${Math.round(entries / seconds).toLocaleString("en-US")}/s`);
      if (share !== undefined && share > 0 && seconds > 0)
        parts.push(`ETA ${showDuration((seconds * (1 - share)) / share)}`);
      // Erase to the end of the line: a shorter line leaves nothing of the last one.
      terminal.write(`\r${parts.join("  ")}\u001b[K`);
    },
    clear: () => {
      if (drawn) terminal.write("\r\u001b[2K");
    },
  };
}
