import { BaseError } from "../errors/BaseError.js";
import { CliError } from "./cliError.js";
import { type ExitCode, exitCodes } from "./exitCodes.js";

/**
 * The names of the errors that say the service, the network or a chain failed, not the caller's
 * input: the client's request and status errors and `InvalidResponseError`. They are matched by
 * name (every attestkit error has a fixed one) so that the error path of every command loads
 * neither the client nor its schemas; `toExitCode.test.ts` checks each name against its class.
 */
export const networkErrorNames: ReadonlySet<string> = new Set([
  "ApiError",
  "RateLimitError",
  "NetworkError",
  "TimeoutError",
  "InvalidJsonError",
  "RedirectError",
  "InvalidResponseError",
  "WaitForStatusTimeoutError",
  "RequestNotFoundError",
  "UnknownStatusError",
  "AbortError",
]);

/**
 * The names of the errors that are a verdict, not a failure: well-formed input that does not pass
 * (the payment guard refusing a quote), exit code 1 like an invalid signature.
 */
export const invalidErrorNames: ReadonlySet<string> = new Set(["PaymentMismatchError"]);

/**
 * Maps an error to the exit code every command uses for it: a `CliError` carries its own; a refused
 * quote is 1; the service, the network and RPC failures are 3; any other attestkit error is bad
 * input, 2 (its checks run on what the caller gave); anything else (viem's RPC errors, sockets) is 3.
 *
 * @param error - What was thrown.
 * @returns The exit code. {@link ExitCode}
 * @example
 * return toExitCode(error) // InvalidRequestError -> 2, ApiError -> 3
 */
export function toExitCode(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof BaseError) {
    if (invalidErrorNames.has(error.name)) return exitCodes.invalid;
    return networkErrorNames.has(error.name) ? exitCodes.network : exitCodes.badInput;
  }
  return exitCodes.network;
}
