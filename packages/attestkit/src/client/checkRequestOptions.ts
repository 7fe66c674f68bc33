import { InvalidOptionError } from "./errors/config.js";
import { checkDuration } from "./utils/checkDuration.js";
import { checkRetryConfig } from "./utils/checkRetryConfig.js";
import type { RetryConfig } from "./utils/httpRequest.js";

export type CheckRequestOptionsParameters = {
  /** The call's limit for each attempt, in ms, when it replaces the client's. */
  timeoutMs?: number | undefined;
  /** The call's retry settings, when it gives any. */
  retry?: RetryConfig | false | undefined;
};

/**
 * Checks the options of one call before anything is sent: `timeoutMs` a duration from 1 to
 * 2^31 − 1 ms (`checkDuration`), then `retry` (`checkRetryConfig`).
 *
 * @param parameters - {@link CheckRequestOptionsParameters}
 * @throws InvalidOptionError naming the first option that is wrong (`timeoutMs`, or the retry field).
 * @example
 * checkRequestOptions({ timeoutMs: Number.NaN }) // throws InvalidOptionError
 */
export function checkRequestOptions({ timeoutMs, retry }: CheckRequestOptionsParameters): void {
  if (timeoutMs !== undefined) {
    const reason = checkDuration({ value: timeoutMs });
    if (reason) throw new InvalidOptionError({ option: "timeoutMs", value: timeoutMs, reason });
  }
  const retryProblem = checkRetryConfig(retry);
  if (retryProblem)
    throw new InvalidOptionError({ option: retryProblem.field, value: retry, reason: retryProblem.reason });
}
