import { BaseError } from "../errors/BaseError.js";
import type { ExitCode } from "./exitCodes.js";

/** An error the CLI reports and exits on, with the exit code it means. */
export class CliError extends BaseError {
  readonly exitCode: ExitCode;
  constructor(
    shortMessage: string,
    { exitCode, cause, metaMessages }: { exitCode: ExitCode; cause?: unknown; metaMessages?: string[] },
  ) {
    super(shortMessage, { name: "CliError", cause, metaMessages });
    this.exitCode = exitCode;
  }
}
