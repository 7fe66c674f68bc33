import type { AuditInputBatch } from "./auditInputBatch.js";
import type { AuditStreamState } from "./auditStreamState.js";
import { concatBytes } from "./concatBytes.js";
import { createAuditArrayReader } from "./createAuditArrayReader.js";
import { cutJsonLines } from "./cutJsonLines.js";
import { detectAuditFormat } from "./detectAuditFormat.js";
import { endAuditArray } from "./endAuditArray.js";
import { nextAuditChunk } from "./nextAuditChunk.js";
import { writeArrayChunk } from "./writeArrayChunk.js";

export type ReadAuditStreamParameters = {
  /** JSON Lines text per batch, in bytes. */
  batchBytes: number;
  /** Array elements per batch. */
  batchItems: number;
  /** Longest line or array element accepted, in bytes. */
  maxEntryBytes: number;
};

/**
 * Reads an audit's input chunk by chunk and cuts it into batches: the bytes are kept until the
 * layout is known (`detectAuditFormat`), then go to the array reader as they come, or are cut
 * into JSON Lines batches once `batchBytes` are pending (and at the end). Strings are read as
 * UTF-8; empty chunks are skipped.
 *
 * @param iterator - The input's chunks; not stopped here (the caller owns it).
 * @param parameters - {@link ReadAuditStreamParameters}
 * @returns The batches, in input order.
 * @throws InvalidAuditInputError as `readAuditInput` says.
 * @example
 * yield* readAuditStream(iteratorOf(chunks), { batchBytes, batchItems, maxEntryBytes })
 */
export async function* readAuditStream(
  iterator: AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string>,
  { batchBytes, batchItems, maxEntryBytes }: ReadAuditStreamParameters,
): AsyncGenerator<AuditInputBatch, void, undefined> {
  const encoder = new TextEncoder();
  const state: AuditStreamState = {
    batchBytes,
    batchItems,
    maxEntryBytes,
    format: undefined,
    bytesRead: 0,
    pending: [],
    pendingBytes: 0,
    line: 1,
    offset: 0,
    array: undefined,
  };
  for (;;) {
    const step = await nextAuditChunk(iterator);
    const done = step.done === true;
    if (!done) {
      const chunk = typeof step.value === "string" ? encoder.encode(step.value) : step.value;
      if (chunk.byteLength === 0) continue;
      state.bytesRead += chunk.byteLength;
      if (state.array) {
        yield* writeArrayChunk(state.array, chunk, state.bytesRead);
        continue;
      }
      state.pending.push(chunk);
      state.pendingBytes += chunk.byteLength;
    }
    if (state.format === undefined) {
      const head = concatBytes(state.pending, state.pendingBytes);
      state.pending = head.length > 0 ? [head] : [];
      const detected = detectAuditFormat(head, done);
      if (detected === undefined) continue;
      const body = head.subarray(detected.start);
      state.format = detected.format;
      state.offset = detected.start;
      state.pending = detected.format === "array" ? [] : [body];
      state.pendingBytes = detected.format === "array" ? 0 : body.length;
      if (detected.format === "array") {
        state.array = createAuditArrayReader({ base: detected.start, batchItems, maxEntryBytes });
        yield* writeArrayChunk(state.array, body, state.bytesRead);
      }
    }
    if (state.format === "jsonl" && (done || state.pendingBytes >= batchBytes))
      yield* cutJsonLines(state, done);
    if (done) {
      if (state.array) yield* endAuditArray(state.array, state.bytesRead);
      return;
    }
  }
}
