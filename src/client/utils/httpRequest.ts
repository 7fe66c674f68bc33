import {
  AbortError,
  ApiError,
  InvalidJsonError,
  maxErrorBodyBytes,
  NetworkError,
  RateLimitError,
  RedirectError,
  TimeoutError,
} from "../errors/request.js";
import { isRetryableError } from "./isRetryableError.js";
import { parseRetryAfter } from "./parseRetryAfter.js";
import { redact } from "./redact.js";
import { isAmbiguousFailure } from "./retryPolicy.js";
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

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

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

async function fetchOnce(
  parameters: HttpRequestParameters & { url: URL; attempts: number },
): Promise<unknown> {
  const { method, body, apiKey, timeoutMs, signal, attempts } = parameters;
  const serviceOrigin = new URL(parameters.baseUrl).origin;
  // The URL being answered: the request's, then each redirect's target.
  let url = parameters.url;
  let shownUrl = stripUrl({ url: url.toString(), secret: apiKey });

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
    if (error instanceof RedirectError) throw error;
    if (signal?.aborted) throw new AbortError({ cause: signal.reason });
    if (timedOut) throw new TimeoutError({ method, url: shownUrl, timeoutMs, attempts });
    throw new NetworkError({ method, url: shownUrl, cause: redactError(error, apiKey), attempts });
  };

  // Followed by hand, never by fetch: fetch would send `x-api-key` to any origin a redirect names
  // and re-send a POST body on 307 / 308, up to 20 times.
  const send = async (): Promise<Response> => {
    for (let hops = 0; ; hops++) {
      const headers: Record<string, string> = { accept: "application/json" };
      if (body !== undefined) headers["content-type"] = "application/json";
      // The key goes to the service only, never to another origin a path or a redirect names.
      if (apiKey && url.origin === serviceOrigin) headers["x-api-key"] = apiKey;
      const response = await parameters.fetch(url, {
        method,
        headers,
        redirect: "manual",
        signal: controller.signal,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const opaque = response.type === "opaqueredirect";
      if (!opaque && !redirectStatuses.has(response.status)) return response;
      await response.body?.cancel().catch(() => {});
      const location = opaque ? null : response.headers.get("location");
      let target: URL | undefined;
      try {
        target = location === null ? undefined : new URL(location, url);
      } catch {
        // Not a URL: reported as such below.
      }
      const error = (reason: "method" | "too-many" | "no-location") =>
        new RedirectError({
          reason,
          status: response.status,
          method,
          url: shownUrl,
          location:
            location === null ? undefined : stripUrl({ url: target?.toString() ?? location, secret: apiKey }),
          hops,
        });
      if (method !== "GET") throw error("method");
      if (!target || (target.protocol !== "http:" && target.protocol !== "https:"))
        throw error("no-location");
      if (hops >= maxRedirects) throw error("too-many");
      url = target;
      shownUrl = stripUrl({ url: url.toString(), secret: apiKey });
    }
  };

  try {
    let response: Response;
    let text: string;
    let bodyTruncated = false;
    try {
      response = await send();
      // An error page can be huge (a proxy's 22 MB HTML): only its start is read.
      if (response.ok) text = await response.text();
      else ({ text, truncated: bodyTruncated } = await readBounded(response, maxErrorBodyBytes));
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
        attempts,
        bodyTruncated,
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
        attempts,
      });
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Reads at most `limit` bytes of a body as UTF-8 text, and stops reading (cancels the body) there. */
async function readBounded(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: "", truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes + value.byteLength > limit) {
      // `stream: true` holds back a character cut at the limit instead of writing U+FFFD for it.
      text += decoder.decode(value.subarray(0, limit - bytes), { stream: true });
      await reader.cancel().catch(() => {});
      return { text, truncated: true };
    }
    bytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), truncated: false };
}

/** A fetch error's message could quote the request; keep only a redacted copy. */
function redactError(error: unknown, apiKey: string | undefined): unknown {
  if (!apiKey || !(error instanceof Error)) return error;
  if (!error.message.includes(apiKey)) return error;
  const copy = new Error(redact({ value: error.message, secret: apiKey }));
  copy.name = error.name;
  return copy;
}
