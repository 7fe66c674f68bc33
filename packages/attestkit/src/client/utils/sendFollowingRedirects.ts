import { nextRedirect } from "./nextRedirect.js";
import { stripUrl } from "./stripUrl.js";

/** The URL a request is at: the request's, then each redirect's target. */
export type RequestPosition = {
  url: URL;
  /** `url` as errors show it: without credentials or the key. */
  shownUrl: string;
};

export type SendFollowingRedirectsParameters = {
  /** The fetch implementation. */
  fetch: typeof globalThis.fetch;
  /** Where the request starts; moved to each redirect's target as it is followed. */
  at: RequestPosition;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON body, sent as `application/json` when defined. */
  body: unknown;
  /** Sent as `x-api-key` to the service's own origin only. */
  apiKey: string | undefined;
  /** The origin of the service's base URL. */
  serviceOrigin: string;
  /** Aborts the request. */
  signal: AbortSignal;
  /** Redirects a GET follows before it gives up. */
  maxRedirects: number;
};

/**
 * Sends one request, following redirects by hand, never by fetch: fetch would send `x-api-key` to
 * any origin a redirect names and re-send a POST body on 307 / 308, up to 20 times. Each hop asks
 * for JSON and carries the key only when it goes to the service's own origin; a redirect's body is
 * cancelled unread, and `nextRedirect` decides whether it is followed (`at` then moves to its
 * target) or refused.
 *
 * @param parameters - {@link SendFollowingRedirectsParameters}
 * @returns The first answer that is not a redirect.
 * @throws RedirectError for a redirect refused; whatever `fetch` throws.
 * @example
 * const response = await sendFollowingRedirects({ fetch, at, method: "GET", body: undefined, apiKey, serviceOrigin, signal, maxRedirects: 5 })
 */
export async function sendFollowingRedirects({
  fetch,
  at,
  method,
  body,
  apiKey,
  serviceOrigin,
  signal,
  maxRedirects,
}: SendFollowingRedirectsParameters): Promise<Response> {
  for (let hops = 0; ; hops++) {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    // The key goes to the service only, never to another origin a path or a redirect names.
    if (apiKey && at.url.origin === serviceOrigin) headers["x-api-key"] = apiKey;
    const response = await fetch(at.url, {
      method,
      headers,
      redirect: "manual",
      signal,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const next = nextRedirect({
      response,
      url: at.url,
      method,
      shownUrl: at.shownUrl,
      apiKey,
      hops,
      maxRedirects,
    });
    if (next.kind === "answer") return response;
    await response.body?.cancel().catch(() => {});
    if (next.kind === "refuse") throw next.error;
    at.url = next.target;
    at.shownUrl = stripUrl({ url: at.url.toString(), secret: apiKey });
  }
}
