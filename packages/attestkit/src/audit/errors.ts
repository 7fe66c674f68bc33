import { BaseError } from "../errors/BaseError.js";

/** The native libsecp256k1 binding was asked for but cannot be loaded. */
export class NativeSecp256k1UnavailableError extends BaseError {
  constructor({ cause }: { cause?: unknown } = {}) {
    super("The native secp256k1 binding is not available.", {
      name: "NativeSecp256k1UnavailableError",
      cause,
      metaMessages: [
        'Install the optional dependency "secp256k1" (with its prebuilt binary), or use engine "noble" or "auto".',
      ],
    });
  }
}

/** {@link NativeSecp256k1UnavailableError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type NativeSecp256k1UnavailableErrorType = NativeSecp256k1UnavailableError & {
  name: "NativeSecp256k1UnavailableError";
};

/** An option of `verifyAttestations` has a value it does not accept. */
export class InvalidAuditOptionError extends BaseError {
  readonly option: string;
  readonly value: unknown;
  constructor({ option, value, expected }: { option: string; value: unknown; expected: string }) {
    super(`Option "${option}" is ${String(value)}; expected ${expected}.`, {
      name: "InvalidAuditOptionError",
    });
    this.option = option;
    this.value = value;
  }
}

/** {@link InvalidAuditOptionError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidAuditOptionErrorType = InvalidAuditOptionError & { name: "InvalidAuditOptionError" };

/** An audit entry is not an object `{requestId, requestData, signature}`. */
export class InvalidAuditEntryError extends BaseError {
  constructor({ value }: { value: unknown }) {
    const kind =
      value === null || value === undefined
        ? String(value)
        : Array.isArray(value)
          ? "an array"
          : `a ${typeof value}`;
    super(`An audit entry is ${kind}, not an object {requestId, requestData, signature}.`, {
      name: "InvalidAuditEntryError",
    });
  }
}

/** {@link InvalidAuditEntryError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidAuditEntryErrorType = InvalidAuditEntryError & { name: "InvalidAuditEntryError" };

/** A verification worker could not start or stopped before its work was done. */
export class AuditWorkerError extends BaseError {
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`An audit worker failed: ${reason}.`, {
      name: "AuditWorkerError",
      cause,
      metaMessages: ["Run with workers: 0 (CLI: --workers 0) to verify in the main thread."],
    });
  }
}

/** {@link AuditWorkerError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type AuditWorkerErrorType = AuditWorkerError & { name: "AuditWorkerError" };

/** A line of an audit file (or the whole JSON array) is not JSON. */
export class InvalidAuditJsonError extends BaseError {
  readonly line: number;
  constructor({ line, cause }: { line: number; cause?: unknown }) {
    super(`Line ${line} is not JSON.`, { name: "InvalidAuditJsonError", cause });
    this.line = line;
  }
}

/** {@link InvalidAuditJsonError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidAuditJsonErrorType = InvalidAuditJsonError & { name: "InvalidAuditJsonError" };

/** Why an audit's input cannot be read as a whole (as opposed to one bad entry in it). */
export type AuditInputFailureReason =
  /** The source could not be read (missing file, a directory, a read error). */
  | "unreadable"
  /** The bytes are not UTF-8 text, or hold control characters JSON never contains. */
  | "binary"
  /** A JSON array that breaks off or has a syntax error: what follows cannot be read. */
  | "broken-array"
  /** A line (or an array element) longer than the limit: no attestation is that long. */
  | "entry-too-long";

const inputHints: Record<AuditInputFailureReason, string> = {
  unreadable: "Check the path and its permissions (- reads standard input).",
  binary:
    "Expected UTF-8 text: JSON Lines, one {requestId, requestData, signature} per line, or a JSON array of them.",
  "broken-array": "A JSON array is read as one stream: fix it at that place, or write one entry per line.",
  "entry-too-long":
    "Each entry is an object of a few hundred bytes; split the input into one entry per line.",
};

/**
 * The audit's input cannot be read, so no verdict on the rest of it can be given: it is not text,
 * it breaks off, or it cannot be read at all. Says where (line and byte offset, and in a JSON array
 * the element) when it knows.
 */
export class InvalidAuditInputError extends BaseError {
  readonly reason: AuditInputFailureReason;
  /** What is wrong, without where (e.g. "is not text: byte 0x9f is not valid UTF-8"). */
  readonly problem: string;
  /** The 1-based line of the problem, when known. */
  readonly line: number | undefined;
  /** The 0-based byte offset of the problem in the input, when known. */
  readonly offset: number | undefined;
  /**
   * In a JSON array, the 0-based index (jq's `.[index]`) of the element the problem is in, or of
   * the element that would come next when the problem lies between two; undefined for JSON Lines
   * and after the array's end.
   */
  readonly index: number | undefined;
  constructor({
    reason,
    message,
    line,
    offset,
    index,
    cause,
  }: {
    reason: AuditInputFailureReason;
    message: string;
    line?: number | undefined;
    offset?: number | undefined;
    index?: number | undefined;
    cause?: unknown;
  }) {
    const where =
      (line === undefined ? "" : ` at line ${line}${offset === undefined ? "" : `, byte offset ${offset}`}`) +
      (index === undefined ? "" : ` (element .[${index}])`);
    super(`The audit input ${message}${where}.`, {
      name: "InvalidAuditInputError",
      cause,
      metaMessages: [inputHints[reason]],
    });
    this.reason = reason;
    this.problem = message;
    this.line = line;
    this.offset = offset;
    this.index = index;
  }
}

/** {@link InvalidAuditInputError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidAuditInputErrorType = InvalidAuditInputError & { name: "InvalidAuditInputError" };
