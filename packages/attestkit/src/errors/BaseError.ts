import { version } from "./version.js";

export type BaseErrorParameters = {
  /** The error that caused this one, if any. */
  cause?: unknown;
  /** Extra detail appended after the short message. */
  details?: string | undefined;
  /** Lines that tell the reader what was wrong and what to do. */
  metaMessages?: string[] | undefined;
  /** Overrides the class name. */
  name?: string | undefined;
};

export type BaseErrorType = BaseError & { name: "AttestkitError" };

/**
 * The root of every error attestkit throws: a one-line `shortMessage`, optional `metaMessages`
 * and `details`, and the full text composed from them in `message`.
 *
 * @example
 * throw new BaseError("Attestation is malformed.", { metaMessages: ["field: originAmount"] });
 */
export class BaseError extends Error {
  /** One line that says what went wrong. */
  shortMessage: string;
  /** Detail text (often the cause's message). */
  details: string;
  /** Lines that say where and what to do. */
  metaMessages: string[];
  /** Package version, to make bug reports exact. */
  version: string;

  override name = "AttestkitError";

  constructor(shortMessage: string, args: BaseErrorParameters = {}) {
    const details =
      args.details ??
      (args.cause instanceof BaseError
        ? args.cause.details || args.cause.shortMessage
        : args.cause instanceof Error
          ? args.cause.message
          : "");
    const message = [
      shortMessage || "An error occurred.",
      ...(args.metaMessages?.length ? ["", ...args.metaMessages] : []),
      ...(details ? ["", `Details: ${details}`] : []),
      `Version: attestkit@${version}`,
    ].join("\n");
    super(message, args.cause !== undefined ? { cause: args.cause } : undefined);
    this.shortMessage = shortMessage;
    this.details = details;
    this.metaMessages = args.metaMessages ?? [];
    this.version = version;
    if (args.name) this.name = args.name;
  }

  /**
   * Follows the `cause` chain and returns the deepest error, or the first for which `fn` is true.
   */
  walk(fn?: (err: unknown) => boolean): unknown {
    return walk(this, fn);
  }
}

function walk(err: unknown, fn?: (err: unknown) => boolean): unknown {
  if (fn?.(err)) return err;
  if (err && typeof err === "object" && "cause" in err && err.cause !== undefined) return walk(err.cause, fn);
  return fn ? null : err;
}
