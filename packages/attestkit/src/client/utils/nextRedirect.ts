import { RedirectError } from "../errors/request.js";
import { stripUrl } from "./stripUrl.js";

export type NextRedirectParameters = {
  /** The answer to one hop. */
  response: Response;
  /** The URL that answered. */
  url: URL;
  /** The request's method. */
  method: string;
  /** `url` as errors show it: without credentials or the key. */
  shownUrl: string;
  /** The key, kept out of the location an error shows. */
  apiKey: string | undefined;
  /** Redirects followed before this answer. */
  hops: number;
  /** Redirects a GET follows before it gives up. */
  maxRedirects: number;
};

export type NextRedirectReturnType =
  /** Not a redirect: the answer to read. */
  | { kind: "answer" }
  /** A redirect to follow: send the request again to `target`. */
  | { kind: "follow"; target: URL }
  /** A redirect refused: throw `error`. */
  | { kind: "refuse"; error: RedirectError };

/** The statuses of a redirect. */
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Decides what one answer of a request that follows redirects by hand means. An answer is a
 * redirect when its status is 301, 302, 303, 307 or 308, or when it is a browser's opaque redirect.
 * A redirect is refused, with a `RedirectError`, in this order: for any method but GET (`method`:
 * its body is not re-sent on the service's say-so), without an http(s) `location` (`no-location`:
 * none, not a URL, another scheme, or an opaque redirect, which shows none), and past
 * `maxRedirects` hops (`too-many`). Otherwise it is followed to `location`, resolved against `url`.
 *
 * @param parameters - {@link NextRedirectParameters}
 * @returns Read the answer, follow the redirect, or refuse it. {@link NextRedirectReturnType}
 * @example
 * const next = nextRedirect({ response, url, method: "GET", shownUrl, apiKey, hops: 0, maxRedirects: 5 })
 */
export function nextRedirect({
  response,
  url,
  method,
  shownUrl,
  apiKey,
  hops,
  maxRedirects,
}: NextRedirectParameters): NextRedirectReturnType {
  const opaque = response.type === "opaqueredirect";
  if (!opaque && !redirectStatuses.has(response.status)) return { kind: "answer" };
  const location = opaque ? null : response.headers.get("location");
  let target: URL | undefined;
  try {
    target = location === null ? undefined : new URL(location, url);
  } catch {
    // Not a URL: reported as such below.
  }
  const refuse = (reason: "method" | "too-many" | "no-location"): NextRedirectReturnType => ({
    kind: "refuse",
    error: new RedirectError({
      reason,
      status: response.status,
      method,
      url: shownUrl,
      location:
        location === null ? undefined : stripUrl({ url: target?.toString() ?? location, secret: apiKey }),
      hops,
    }),
  });
  if (method !== "GET") return refuse("method");
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:")) return refuse("no-location");
  if (hops >= maxRedirects) return refuse("too-many");
  return { kind: "follow", target };
}
