import type { DevnetView } from "../readDevnet.js";
import type { ExplainReport } from "./types.js";

/**
 * The terms of a request as the devnet keeps it, without the parts the report shows on their own
 * (its order, webhook deliveries, history and verdicts).
 *
 * @param request - The devnet's record of the request.
 * @returns The record without `protocol`, `webhooks`, `history` and `verdicts`.
 * @example
 * const terms = requestTerms(devnet.request)
 */
export function requestTerms(
  request: NonNullable<DevnetView["request"]>,
): NonNullable<ExplainReport["request"]> {
  const {
    protocol: _protocol,
    webhooks: _webhooks,
    history: _history,
    verdicts: _verdicts,
    ...terms
  } = request;
  return terms;
}
