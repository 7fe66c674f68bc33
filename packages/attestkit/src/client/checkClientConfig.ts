import { resolveTrustRoot } from "../orders/trustRoot/resolveTrustRoot.js";
import type { TrustRoot } from "../orders/trustRoot/types.js";
import { InvalidClientConfigError } from "./errors/config.js";
import { checkDuration } from "./utils/checkDuration.js";
import { checkRetryConfig } from "./utils/checkRetryConfig.js";
import type { RetryConfig } from "./utils/httpRequest.js";

export type CheckClientConfigParameters = {
  /** Limit for each attempt of a request, in ms. */
  timeoutMs: number;
  /** Retry settings for every request, or `false`. */
  retry: RetryConfig | false;
  /** The API key, when one is given. */
  apiKey: string | undefined;
  /** Solvers whose signed orders the client accepts, when given. */
  solvers: readonly string[] | undefined;
  /** The payment guard's trust root, when given. */
  trustRoot: TrustRoot | undefined;
  /** What request fields the client does not know become, when given. */
  unknownFields?: unknown;
  /** Fields sent as given, when given. */
  allowFields?: unknown;
};

/**
 * Checks a client's settings when it is created, in this order: `timeoutMs` a duration from 1 to
 * 2^31 − 1 ms (`checkDuration`), `retry` (`checkRetryConfig`), `apiKey` a non-empty string, `solvers`
 * a non-empty array of EVM addresses, `trustRoot` resolvable (`resolveTrustRoot`), so that a
 * malformed trust root fails at creation, not at the first payment, `unknownFields` `send` or
 * `refuse`, and `allowFields` an array of field names.
 *
 * @param parameters - {@link CheckClientConfigParameters}
 * @throws InvalidClientConfigError naming the first field that is wrong; what `resolveTrustRoot` throws.
 * @example
 * checkClientConfig({ timeoutMs: 30_000, retry: {}, apiKey: undefined, solvers: undefined, trustRoot: undefined })
 */
export function checkClientConfig({
  timeoutMs,
  retry,
  apiKey,
  solvers,
  trustRoot,
  unknownFields,
  allowFields,
}: CheckClientConfigParameters): void {
  const timeoutProblem = checkDuration({ value: timeoutMs });
  if (timeoutProblem) throw new InvalidClientConfigError({ field: "timeoutMs", reason: timeoutProblem });
  const retryProblem = checkRetryConfig(retry);
  if (retryProblem) throw new InvalidClientConfigError(retryProblem);
  if (apiKey !== undefined && (typeof apiKey !== "string" || apiKey === ""))
    throw new InvalidClientConfigError({ field: "apiKey", reason: "must be a non-empty string" });
  if (solvers !== undefined && (!Array.isArray(solvers) || solvers.length === 0))
    throw new InvalidClientConfigError({
      field: "solvers",
      reason: "must be a non-empty array of EVM addresses",
    });
  for (const [i, solver] of (solvers ?? []).entries())
    if (typeof solver !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(solver))
      throw new InvalidClientConfigError({ field: `solvers[${i}]`, reason: "not an EVM address" });
  // Checked now, so that a malformed trust root fails at creation, not at the first payment.
  if (trustRoot !== undefined) resolveTrustRoot({ trustRoot });
  if (unknownFields !== undefined && unknownFields !== "send" && unknownFields !== "refuse")
    throw new InvalidClientConfigError({ field: "unknownFields", reason: 'must be "send" or "refuse"' });
  if (
    allowFields !== undefined &&
    (!Array.isArray(allowFields) || allowFields.some((field) => typeof field !== "string" || field === ""))
  )
    throw new InvalidClientConfigError({ field: "allowFields", reason: "must be an array of field names" });
}
