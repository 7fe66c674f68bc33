import type { AuditInputBatch } from "./auditInputBatch.js";
import type { AuditStreamState } from "./auditStreamState.js";
import { concatBytes } from "./concatBytes.js";
import { copyBytes } from "./copyBytes.js";
import { countLineEnds } from "./countLineEnds.js";
import { InvalidAuditInputError } from "./errors.js";
import { nextJsonLinesCut } from "./nextJsonLinesCut.js";

/**
 * Hands out the JSON Lines text read so far as batches of whole lines (sizes as
 * `nextJsonLinesCut` chooses them), each a copy in a buffer of its own, since it is moved to a
 * worker; what is left (a line not yet ended) is kept for the next chunk. The text is not checked
 * here: the thread that parses a batch checks it.
 *
 * @param state - The stream's state: `pending`, `line` and `offset` move on. {@link AuditStreamState}
 * @param done - Whether the input has ended (then everything goes out).
 * @returns The batches (kind `text`).
 * @throws InvalidAuditInputError `entry-too-long` when the text kept holds no line end and is over
 * `maxEntryBytes`, naming its line and byte offset.
 * @example
 * yield* cutJsonLines(state, false)
 */
export function* cutJsonLines(state: AuditStreamState, done: boolean): Generator<AuditInputBatch> {
  const { batchBytes, maxEntryBytes } = state;
  const all = concatBytes(state.pending, state.pendingBytes);
  let from = 0;
  while (all.length - from >= batchBytes || (done && from < all.length)) {
    const cut = nextJsonLinesCut(all, from, batchBytes, done, state.line);
    if (cut === -1) break;
    const bytes = copyBytes(all.subarray(from, cut));
    const count = countLineEnds(bytes);
    const size = count + (bytes[bytes.length - 1] === 0x0a ? 0 : 1);
    const { line, offset, bytesRead } = state;
    yield { kind: "text", format: "jsonl", bytes, line, offset, size, bytesRead };
    state.line += count;
    state.offset += cut - from;
    from = cut;
  }
  const rest = all.subarray(from);
  if (rest.length > maxEntryBytes && rest.indexOf(0x0a) === -1)
    throw new InvalidAuditInputError({
      reason: "entry-too-long",
      message: `has a line longer than ${maxEntryBytes} bytes`,
      line: state.line,
      offset: state.offset,
    });
  state.pending = rest.length > 0 ? [copyBytes(rest)] : [];
  state.pendingBytes = rest.length;
}
