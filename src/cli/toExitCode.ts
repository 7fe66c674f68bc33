import {
  AbortError,
  ApiError,
  InvalidJsonError,
  NetworkError,
  TimeoutError,
} from "../client/errors/request.js";
import {
  RequestNotFoundError,
  UnknownStatusError,
  WaitForStatusTimeoutError,
} from "../client/errors/status.js";
import { BaseError } from "../errors/BaseError.js";
import { InvalidResponseError } from "../schemas/errors.js";
import { CliError } from "./cliError.js";
import { type ExitCode, exitCodes } from "./exitCodes.js";

/** Errors that say the service, the network or a chain failed, not the caller's input. */
const networkErrors = [
  ApiError,
  NetworkError,
  TimeoutError,
  InvalidJsonError,
  InvalidResponseError,
  WaitForStatusTimeoutError,
  RequestNotFoundError,
  UnknownStatusError,
  AbortError,
];

/**
 * Maps an error to the exit code every command uses for it: a `CliError` carries its own; the
 * service, the network and RPC failures are 3; any other attestkit error is bad input, 2 (its
 * checks run on what the caller gave); anything else (viem's RPC errors, sockets) is 3.
 *
 * @param error - What was thrown.
 * @returns The exit code. {@link ExitCode}
 * @example
 * return toExitCode(error) // InvalidRequestError -> 2, ApiError -> 3
 */
export function toExitCode(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (networkErrors.some((type) => error instanceof type)) return exitCodes.network;
  if (error instanceof BaseError) return exitCodes.badInput;
  return exitCodes.network;
}
