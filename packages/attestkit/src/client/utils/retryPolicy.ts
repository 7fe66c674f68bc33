import { ApiError, NetworkError, RateLimitError } from "../errors/request.js";

/**
 * How a call may be retried:
 * - `idempotent`: sending it twice has the effect of sending it once (reads, searches, a reindex), so
 *   every transient failure is retried;
 * - `non-idempotent`: it creates something (a quote is a new request; a posted signature submits an
 *   order), so it is retried only when the failure proves the service did not act on it.
 */
export type RetryPolicy = "idempotent" | "non-idempotent";

/**
 * THE retry policy of each endpoint the client calls: the table of the backend guide
 * (docs/guides/backend.md), and the data the actions read.
 *
 * | endpoint                          | policy         | retried after                                                       |
 * |-----------------------------------|----------------|---------------------------------------------------------------------|
 * | `GET /chains`                     | idempotent     | 429, 502, 503, 504, a transient code, network errors, timeouts       |
 * | `POST /currencies/v1`             | idempotent     | the same (a search: it stores nothing)                               |
 * | `POST /currencies/v2`             | idempotent     | the same                                                             |
 * | `GET /config/v2`                  | idempotent     | the same as `GET /chains`                                            |
 * | `GET /requests/v2`                | idempotent     | the same as `GET /chains`                                            |
 * | `POST /price`                     | idempotent     | the same (an indicative price: it stores nothing)                    |
 * | `POST /quote/v2`                  | non-idempotent | only 429, 503 `PRICE_FETCH_FAILED` / `SERVICE_UNAVAILABLE`, a refused connection |
 * | `GET /intents/status/v3`          | idempotent     | the same as `GET /chains`                                            |
 * | `GET /requests/{id}/signature`    | idempotent     | the same as `GET /chains`                                            |
 * | `POST /transactions/index`        | idempotent     | the same (indexing a transaction twice indexes it once)              |
 * | `POST /transactions/single`       | idempotent     | the same (a transaction reported twice is answered the same)         |
 * | `GET /deposit-addresses/v1`       | idempotent     | the same as `GET /chains`                                            |
 * | `POST /transactions/deposit-address/reindex` | idempotent | the same (a second reindex finds what the first queued, or nothing) |
 * | `GET /chains/health`, `GET /chains/liquidity`, `GET /swap-sources`, `GET /prices/rates`, `GET /currencies/token/price` | idempotent | the same as `GET /chains` |
 * | `GET /app-fees/{wallet}/balances`, `GET /app-fees/{wallet}/claims` | idempotent | the same as `GET /chains` |
 * | `POST /execute`                   | non-idempotent | like `POST /quote/v2` (a second call may execute the calls twice)    |
 * | `POST /execute/permits`           | non-idempotent | like `POST /quote/v2` (the permit is submitted on chain)             |
 * | `POST /app-fees/{wallet}/claim`   | non-idempotent | like `POST /quote/v2` (each call reserves a new claim)               |
 * | a step's signature `post`         | non-idempotent | like `POST /quote/v2`                                                |
 * | a step's `check` endpoint         | idempotent     | the status wait's own loop (see `pollStatus`)                        |
 *
 * A non-idempotent call is not re-sent after an ambiguous failure — a timeout, a connection lost after
 * the request was written, 500, 502, 504, a 503 without a transient code — unless the caller opts in
 * with `retry: { retryAmbiguous: true }`. Every error says how many attempts were made (`attempts`).
 */
export const retryPolicies = {
  "GET /chains": "idempotent",
  "GET /devnet/info": "idempotent",
  "POST /currencies/v1": "idempotent",
  "POST /currencies/v2": "idempotent",
  "GET /config/v2": "idempotent",
  "GET /requests/v2": "idempotent",
  "POST /price": "idempotent",
  "POST /quote/v2": "non-idempotent",
  "GET /intents/status/v3": "idempotent",
  "GET /requests/{requestId}/signature": "idempotent",
  "POST /transactions/index": "idempotent",
  "POST /transactions/single": "idempotent",
  "GET /deposit-addresses/v1": "idempotent",
  "POST /transactions/deposit-address/reindex": "idempotent",
  "GET /chains/health": "idempotent",
  "GET /chains/liquidity": "idempotent",
  "GET /swap-sources": "idempotent",
  "GET /prices/rates": "idempotent",
  "GET /currencies/token/price": "idempotent",
  "GET /app-fees/{wallet}/balances": "idempotent",
  "GET /app-fees/{wallet}/claims": "idempotent",
  "POST /execute": "non-idempotent",
  "POST /execute/permits": "non-idempotent",
  "POST /app-fees/{wallet}/claim": "non-idempotent",
  "step signature post": "non-idempotent",
  "step check": "idempotent",
} as const satisfies Record<string, RetryPolicy>;

/**
 * Tells whether an endpoint of {@link retryPolicies} is idempotent.
 *
 * @param endpoint - A key of the table.
 * @returns True when the endpoint may be re-sent after any transient failure.
 * @example
 * client.request({ method: "POST", path: "/quote/v2", body, idempotent: isIdempotent("POST /quote/v2") })
 */
export function isIdempotent(endpoint: keyof typeof retryPolicies): boolean {
  return retryPolicies[endpoint] === "idempotent";
}

/** Error codes with which the service says it did not act on the request (it could not price it). */
const notActedCodes = new Set(["PRICE_FETCH_FAILED", "SERVICE_UNAVAILABLE"]);

export type IsAmbiguousFailureParameters = {
  /** The error an attempt failed with. */
  error: unknown;
};

/**
 * Tells whether a failed attempt may have been acted on by the service: a timeout, a connection lost
 * after the request was written, or a 5xx answer (a gateway may have forwarded it) other than a 503
 * whose code says the service did nothing. A 429, a 4xx and a refused connection are not ambiguous.
 *
 * @param parameters - {@link IsAmbiguousFailureParameters}
 * @returns True when re-sending a non-idempotent call could act twice.
 * @example
 * isAmbiguousFailure({ error: timeoutError }) // true
 */
export function isAmbiguousFailure({ error }: IsAmbiguousFailureParameters): boolean {
  if (error instanceof RateLimitError) return false;
  if (error instanceof ApiError)
    return (
      error.status >= 500 &&
      !(error.status === 503 && error.code !== undefined && notActedCodes.has(error.code))
    );
  if (error instanceof NetworkError) return error.requestSent;
  // A timeout, or anything unknown: assume the service may have acted.
  return true;
}
