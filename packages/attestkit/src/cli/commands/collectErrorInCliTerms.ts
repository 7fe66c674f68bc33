import {
  CollectAttemptsExhaustedError,
  CollectListingLoopError,
  CollectRetryAfterTooLongError,
} from "../../collect/errors.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";

/**
 * The collection's own failures in the command line's words (exit 3: the service kept failing),
 * with what to type to go on; any other error as it is.
 *
 * @param error - What the collection threw.
 * @param out - The `--out` file, which keeps what was collected.
 * @returns The error to report.
 * @example
 * reportError({ io, error: collectErrorInCliTerms(error, options.out) })
 */
export function collectErrorInCliTerms(error: unknown, out: string): unknown {
  if (
    !(error instanceof CollectAttemptsExhaustedError) &&
    !(error instanceof CollectRetryAfterTooLongError) &&
    !(error instanceof CollectListingLoopError)
  )
    return error;
  return new CliError(error.shortMessage, {
    exitCode: exitCodes.network,
    cause: error.cause,
    metaMessages: [
      `What was collected is in ${out}: run the same command again to go on from there.`,
      ...(error instanceof CollectAttemptsExhaustedError
        ? [
            "Lower --rate, or raise --max-attempts, if the service keeps answering 429 or dropping connections.",
          ]
        : []),
    ],
  });
}
