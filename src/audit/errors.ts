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

/** A line of an audit file (or the whole JSON array) is not JSON. */
export class InvalidAuditJsonError extends BaseError {
  readonly line: number;
  constructor({ line, cause }: { line: number; cause?: unknown }) {
    super(`Line ${line} is not JSON.`, { name: "InvalidAuditJsonError", cause });
    this.line = line;
  }
}
