import type { BatchVerifier } from "./createBatchVerifier.js";
import { InvalidAuditInputError } from "./errors.js";
import { parseAuditLines } from "./internal/parseAuditLines.js";
import { readAuditRange } from "./internal/readAuditRange.js";
import type { AuditBatchRequest, AuditEntryResult, AuditOutput } from "./types.js";

/** A batch verified where it runs, before the line its text starts on is known. */
export type VerifiedAuditBatch = {
  seq: number;
  /** A range's line ends: the next range's first line is this many lines further on. */
  lineEnds: number | undefined;
} & (
  | {
      /** Each entry's line: 1 for the batch's first line (text), or the input's own (items). */
      lines: readonly number[] | undefined;
      /** Whether `lines` count from the batch's first line (text and ranges). */
      relative: boolean;
      /** The index in the input's JSON array of the first entry, for entries read from one. */
      index: number | undefined;
      /** The entries, as parsed. */
      values: readonly unknown[];
      /** The indices of the entries whose line is not JSON. */
      problems: readonly number[];
      /** Every entry's result; an entry whose line is not JSON is described once its line is known. */
      results: AuditEntryResult[];
    }
  | {
      /** The input cannot be read from this batch on: why, and where (the line counted as `lines`). */
      failure: Pick<InvalidAuditInputError, "reason" | "problem" | "line" | "offset">;
    }
);

/**
 * Verifies one batch where it runs (a worker or this thread), all but the line numbers: reads a
 * range of the file, parses JSON Lines text, verifies every entry. A range's line ends are known
 * (and handed to `onLineEnds`) as soon as it is read, before anything is verified, so the thread
 * that merges the results can number the lines of the next ranges meanwhile.
 *
 * @param request - {@link AuditBatchRequest}
 * @param verify - The batch verifier.
 * @param output - What the results will be reported as (`notes` needs no hashes, and no signer of
 * a signature whose signer is not allowed).
 * @param onLineEnds - Called with a range's line ends once it is read.
 * @returns The verified batch, or where its input stops being readable. {@link VerifiedAuditBatch}
 * @example
 * const verified = verifyAuditBatch(request, verify, "notes", (lineEnds) => post({ lineEnds }))
 * reportAuditBatch(verified, 1201, "notes")
 */
export function verifyAuditBatch(
  request: AuditBatchRequest,
  verify: BatchVerifier,
  output: AuditOutput,
  onLineEnds?: (lineEnds: number) => void,
): VerifiedAuditBatch {
  const { seq } = request;
  // Notes show neither hashes nor the signers of rejected signatures.
  const hashes = output !== "notes";
  if (request.kind === "items") {
    const { items: values, lines, index } = request;
    return {
      seq,
      lineEnds: undefined,
      lines,
      relative: false,
      index,
      values,
      problems: [],
      results: verify(values, { hashes, signers: hashes }),
    };
  }
  let text: { bytes: Uint8Array; offset: number; tooLong?: { line: number; offset: number } | undefined };
  let lineEnds: number | undefined;
  if (request.kind === "range") {
    const range = readAuditRange(request);
    lineEnds = range.lineEnds;
    onLineEnds?.(lineEnds);
    text = range;
  } else text = request;
  let parsed: ReturnType<typeof parseAuditLines>;
  try {
    parsed = parseAuditLines({ bytes: text.bytes, line: 1, offset: text.offset });
  } catch (error) {
    if (!(error instanceof InvalidAuditInputError)) throw error;
    const { reason, problem, line, offset } = error;
    return { seq, lineEnds, failure: { reason, problem, line, offset } };
  }
  // After the lines before it were found to be text: the first problem in the input is reported.
  if (text.tooLong && request.kind === "range")
    return {
      seq,
      lineEnds,
      failure: {
        reason: "entry-too-long",
        problem: `has a line longer than ${request.maxEntryBytes} bytes`,
        ...text.tooLong,
      },
    };
  const { values, lines, problems } = parsed;
  return {
    seq,
    lineEnds,
    lines,
    relative: true,
    index: undefined,
    values,
    problems,
    results: verify(values, { hashes, signers: hashes }),
  };
}
