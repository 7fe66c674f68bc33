/**
 * Where the next batch of JSON Lines text ends: about `batchBytes` on, at a line end (or after
 * one longer line). Once an input longer than one batch has ended (`done`, past its first line),
 * what is left goes out in pieces of a quarter of it (down to an eighth of a batch), smaller and
 * smaller, so the worker threads run out of work together instead of one idling while another
 * verifies a last full batch. An input of one batch stays one batch (one thread).
 *
 * @param all - The text not yet handed out.
 * @param from - Where the batch starts in `all`.
 * @param batchBytes - The batch size aimed at, in bytes.
 * @param done - Whether the input has ended (then the last line needs no line end).
 * @param line - The line the batch starts on (1: nothing handed out yet).
 * @returns The offset in `all` just after the batch's last byte, or -1 when no line end comes
 * after `from` and the input goes on (more text is needed). Never throws.
 * @example
 * const cut = nextJsonLinesCut(all, 0, 128 * 1024, false, 1)
 */
export function nextJsonLinesCut(
  all: Uint8Array,
  from: number,
  batchBytes: number,
  done: boolean,
  line: number,
): number {
  const target =
    done && line > 1
      ? Math.min(batchBytes, Math.max(Math.ceil(batchBytes / 8), Math.ceil((all.length - from) / 4)))
      : batchBytes;
  let cut = done && all.length - from <= target ? all.length : all.lastIndexOf(0x0a, from + target - 1) + 1;
  if (cut <= from) cut = all.indexOf(0x0a, from + target) + 1;
  if (cut <= from) return done ? all.length : -1;
  return cut;
}
