import { BaseError } from "../../packages/attestkit/src/errors/BaseError.js";

/**
 * Prints why a deploy script stopped, as the CLI does (`error: …` and its hints, no stack for a
 * known error), and sets the exit code: 2 for a refused input or chain state, 1 for anything else.
 *
 * @param error - What the script caught.
 */
export function reportFailure(error: unknown): void {
  if (error instanceof BaseError) {
    console.error(`error: ${error.shortMessage}`);
    for (const line of error.metaMessages) console.error(`  ${line}`);
    process.exitCode = 2;
    return;
  }
  console.error(error);
  process.exitCode = 1;
}
