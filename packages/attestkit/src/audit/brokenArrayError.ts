import { TokenizerError } from "@streamparser/json";
import { arrayInputError } from "./arrayInputError.js";
import type { AuditArrayReader } from "./auditArrayReader.js";
import type { InvalidAuditInputError } from "./errors.js";

/**
 * The `broken-array` error for what the tokenizer or token parser threw: placed where the
 * tokenizer says it stopped (its message names the absolute position), or at the last token for
 * the token parser; "has more after its JSON array" once the array was closed.
 *
 * @param reader - The reader. {@link AuditArrayReader}
 * @param cause - What was thrown.
 * @param fallback - Where to place a tokenizer error whose message names no position.
 * @returns The error, to throw. {@link InvalidAuditInputError}
 * @example
 * throw brokenArrayError(reader, cause, reader.fed)
 */
export function brokenArrayError(
  reader: AuditArrayReader,
  cause: unknown,
  fallback: number,
): InvalidAuditInputError {
  const message = cause instanceof Error ? cause.message : String(cause);
  const position = /absolute position "(\d+)"/.exec(message)?.[1];
  const at =
    cause instanceof TokenizerError
      ? position === undefined
        ? fallback
        : Number(position)
      : reader.lastToken;
  return arrayInputError(
    reader,
    "broken-array",
    reader.parser.isEnded ? "has more after its JSON array" : "is a JSON array with a syntax error",
    at,
    cause,
  );
}
