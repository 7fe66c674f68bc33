import { AbortError } from "../errors/request.js";
import { attemptError } from "./attemptError.js";
import { isRetryableError } from "./isRetryableError.js";
import { parseServiceResponse } from "./parseServiceResponse.js";
import { type ReadResponseTextReturnType, readResponseText } from "./readResponseText.js";
import { isAmbiguousFailure } from "./retryPolicy.js";
import { type RequestPosition, sendFollowingRedirects } from "./sendFollowingRedirects.js";
import { stripUrl } from "./stripUrl.js";
import { type WithRetryParameters, withRetry } from "./withRetry.js";

/** Retry settings of a client or of one call; `false` turns retrying off. */
export type RetryConfig = Omit<WithRetryParameters, "signal"> & {
  /**
   * Also re-send a non-idempotent call (`POST /quote/v2`, a step's signature post) after an
   * ambiguous failure — a timeout, a connection lost after the request was written, 500, 502, 504 —
   * which the service may have acted on (a second quote, a second order). Default false: such a
   * failure is thrown at once. See `retryPolicies`.
   */
  retryAmbiguous?: boolean | undefined;
};

/**
 * One request to the service as the client sends it: `client.request` takes its `method`, `path`,
 * `query`, `body` and `idempotent` (`ClientRequestParameters`); the client fills in the rest.
 */
export type HttpRequestParameters = {
  /** Base URL of the service, without a trailing slash. */
  baseUrl: string;
  /** The fetch implementation. */
  fetch: typeof globalThis.fetch;
  /** Sent as `x-api-key` to the service's own origin only. */
  apiKey?: string | undefined;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path relative to the base URL (it may carry a query string), or an absolute URL. */
  path: string;
  /** Query parameters added to the path; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined> | undefined;
  /** JSON body. */
  body?: unknown;
  /** Limit for each attempt, in ms. */
  timeoutMs: number;
  retry: RetryConfig | false;
  /**
   * Whether sending the request twice acts once (see `retryPolicies`). Default: true for GET, false
   * otherwise. A non-idempotent request is not retried after an ambiguous failure unless
   * `retry.retryAmbiguous`.
   */
  idempotent?: boolean | undefined;
  signal?: AbortSignal | undefined;
};

export type HttpRequestReturnType = Promise<unknown>;

/** Redirects a GET follows before it gives up with a `RedirectError` (`too-many`). */
export const maxRedirects = 5;

/**
 * Sends one JSON request to the service, with per-attempt timeout and retries, and maps every
 * failure to a typed error whose URL, message and body never carry the API key, which says how many
 * attempts were made, and which keeps at most 64 KiB of an error body. A non-idempotent request is
 * retried only after failures that prove the service did not act on it (`isAmbiguousFailure`).
 * Redirects are followed by hand: a GET up to {@link maxRedirects} hops, with the key only on the
 * service's own origin; any other method never (its body is not re-sent on the service's say-so).
 * Both end in a `RedirectError`.
 *
 * @param parameters - {@link HttpRequestParameters}
 * @returns The parsed JSON body (undefined for an empty body).
 * @example
 * const body = await httpRequest({ baseUrl, fetch, method: "GET", path: "/chains", timeoutMs: 10_000, retry: {} })
 */
export async function httpRequest(parameters: HttpRequestParameters): HttpRequestReturnType {
  const { retry, signal, method, idempotent = method === "GET" } = parameters;
  const url = buildUrl(parameters);
  const attempt = ({ attempt }: { attempt: number }) =>
    fetchOnce({ ...parameters, url, attempts: attempt + 1 });
  if (retry === false) {
    if (signal?.aborted) throw new AbortError({ cause: signal.reason });
    return attempt({ attempt: 0 });
  }
  const { retryAmbiguous = false, shouldRetry = isRetryableError, ...settings } = retry;
  return withRetry(attempt, {
    ...settings,
    signal,
    // The policy comes first: what may have been acted on is not sent again (fail closed).
    shouldRetry: (context) =>
      (idempotent || retryAmbiguous || !isAmbiguousFailure({ error: context.error })) && shouldRetry(context),
  });
}

function buildUrl({ baseUrl, path, query }: Pick<HttpRequestParameters, "baseUrl" | "path" | "query">): URL {
  const url = /^https?:\/\//i.test(path)
    ? new URL(path)
    : new URL(`${baseUrl.replace(/\/+$/, "")}${path.startsWith("/") ? "" : "/"}${path}`);
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

/**
 * One attempt of a request: sends it (`sendFollowingRedirects`) under the attempt's time limit and
 * the caller's signal, reads its answer (`readResponseText`) and turns it into the JSON body or a
 * typed error (`parseServiceResponse`); an attempt that got no answer to read fails with
 * `attemptError`'s error, naming the URL it was at.
 */
async function fetchOnce(
  parameters: HttpRequestParameters & { url: URL; attempts: number },
): Promise<unknown> {
  const { method, body, apiKey, timeoutMs, signal, attempts } = parameters;
  const serviceOrigin = new URL(parameters.baseUrl).origin;
  // The URL being answered: the request's, then each redirect's target.
  const at: RequestPosition = {
    url: parameters.url,
    shownUrl: stripUrl({ url: parameters.url.toString(), secret: apiKey }),
  };

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener("abort", onAbort, { once: true });

  try {
    let response: Response;
    let answer: ReadResponseTextReturnType;
    try {
      response = await sendFollowingRedirects({
        fetch: parameters.fetch,
        at,
        method,
        body,
        apiKey,
        serviceOrigin,
        signal: controller.signal,
        maxRedirects,
      });
      answer = await readResponseText(response);
    } catch (error) {
      throw attemptError({ error, signal, timedOut, method, url: at.shownUrl, timeoutMs, attempts, apiKey });
    }
    return parseServiceResponse({ response, ...answer, method, url: at.shownUrl, apiKey, attempts });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
