import { BaseError } from "../errors/BaseError.js";
import type { ExitCode } from "./exitCodes.js";

/** An error the CLI reports and exits on, with the exit code it means. */
export class CliError extends BaseError {
  readonly exitCode: ExitCode;
  /** The flag or field the error is about, when it is about one (`--amount`). */
  readonly field: string | undefined;
  constructor(
    shortMessage: string,
    {
      exitCode,
      cause,
      metaMessages,
      field,
    }: { exitCode: ExitCode; cause?: unknown; metaMessages?: string[]; field?: string | undefined },
  ) {
    super(shortMessage, { name: "CliError", cause, metaMessages });
    this.exitCode = exitCode;
    this.field = field;
  }
}

/** {@link CliError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type CliErrorType = CliError & { name: "CliError" };
