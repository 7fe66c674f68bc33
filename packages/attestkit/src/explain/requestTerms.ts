import type { DevnetRequestView, ExplainReport } from "./types.js";

/**
 * The terms of a request as the devnet keeps it, without the parts the report shows on their own
 * (its order, webhook deliveries, history, verdicts and reading).
 *
 * @param request - The devnet's record of the request.
 * @returns The record without `protocol`, `webhooks`, `history`, `verdicts` and `reading`.
 * @example
 * const terms = requestTerms(devnet.request)
 */
export function requestTerms(request: DevnetRequestView): NonNullable<ExplainReport["request"]> {
  const {
    protocol: _protocol,
    webhooks: _webhooks,
    history: _history,
    verdicts: _verdicts,
    reading: _reading,
    ...terms
  } = request;
  return terms;
}
