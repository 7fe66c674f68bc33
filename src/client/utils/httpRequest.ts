import {
  AbortError,
  ApiError,
  InvalidJsonError,
  NetworkError,
  RateLimitError,
  TimeoutError,
} from "../errors/request.js";
import { parseRetryAfter } from "./parseRetryAfter.js";
import { redact } from "./redact.js";
import { stripUrl } from "./stripUrl.js";
import { type WithRetryParameters, withRetry } from "./withRetry.js";

/** Retry settings of a client or of one call; `false` turns retrying off. */
export type RetryConfig = Omit<WithRetryParameters, "signal">;

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
  signal?: AbortSignal | undefined;
};

export type HttpRequestReturnType = Promise<unknown>;

/**
 * Sends one JSON request to the service, with per-attempt timeout and retries, and maps every
 * failure to a typed error whose URL, message and body never carry the API key.
 *
 * @param parameters - {@link HttpRequestParameters}
 * @returns The parsed JSON body (undefined for an empty body).
 * @example
 * const body = await httpRequest({ baseUrl, fetch, method: "GET", path: "/chains", timeoutMs: 10_000, retry: {} })
 */
export async function httpRequest(parameters: HttpRequestParameters): HttpRequestReturnType {
  const { retry, signal } = parameters;
  const url = buildUrl(parameters);
  const attempt = () => fetchOnce({ ...parameters, url });
  if (retry === false) {
    if (signal?.aborted) throw new AbortError({ cause: signal.reason });
    return attempt();
  }
  return withRetry(attempt, { ...retry, signal });
}

function buildUrl({ baseUrl, path, query }: Pick<HttpRequestParameters, "baseUrl" | "path" | "query">): URL {
  const url = /^https?:\/\//i.test(path)
    ? new URL(path)
    : new URL(`${baseUrl.replace(/\/+$/, "")}${path.startsWith("/") ? "" : "/"}${path}`);
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

async function fetchOnce(parameters: HttpRequestParameters & { url: URL }): Promise<unknown> {
  const { url, method, body, apiKey, timeoutMs, signal } = parameters;
  const shownUrl = stripUrl({ url: url.toString(), secret: apiKey });
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  // The key goes to the service only, never to another origin an endpoint path might name.
  if (apiKey && url.origin === new URL(parameters.baseUrl).origin) headers["x-api-key"] = apiKey;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener("abort", onAbort, { once: true });

  const fail = (error: unknown): never => {
    if (signal?.aborted) throw new AbortError({ cause: signal.reason });
    if (timedOut) throw new TimeoutError({ method, url: shownUrl, timeoutMs });
    throw new NetworkError({ method, url: shownUrl, cause: redactError(error, apiKey) });
  };

  try {
    let response: Response;
    let text: string;
    try {
      response = await parameters.fetch(url, {
        method,
        headers,
        signal: controller.signal,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      text = await response.text();
    } catch (error) {
      return fail(error);
    }
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name.toLowerCase()] = redact({ value, secret: apiKey });
    });

    if (!response.ok) {
      let errorBody: unknown = text;
      try {
        errorBody = text === "" ? undefined : JSON.parse(text);
      } catch {
        // A proxy's HTML page or plain text: kept as text.
      }
      const common = {
        method,
        url: shownUrl,
        body: redact({ value: errorBody, secret: apiKey }),
        headers: responseHeaders,
        retryAfterMs: parseRetryAfter({ value: response.headers.get("retry-after") }),
      };
      if (response.status === 429) throw new RateLimitError(common);
      throw new ApiError({ ...common, status: response.status });
    }

    if (text.trim() === "") return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new InvalidJsonError({
        method,
        url: shownUrl,
        status: response.status,
        text: redact({ value: text, secret: apiKey }),
        cause: error,
      });
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** A fetch error's message could quote the request; keep only a redacted copy. */
function redactError(error: unknown, apiKey: string | undefined): unknown {
  if (!apiKey || !(error instanceof Error)) return error;
  if (!error.message.includes(apiKey)) return error;
  const copy = new Error(redact({ value: error.message, secret: apiKey }));
  copy.name = error.name;
  return copy;
}
