import { esploraPathPrefix } from "../bitcoin/constants.js";

export type CheckLocalRequestParameters = {
  /** The HTTP method. */
  method: string;
  /** The path, without the query. */
  path: string;
  /** The `Host` header; undefined when the request has none. */
  host: string | undefined;
  /** The `Origin` header; undefined when the request has none. */
  origin: string | undefined;
  /** The `Content-Type` header. */
  contentType: string | undefined;
  /** True when the request carries a body (a `Content-Length` above 0, or `Transfer-Encoding`). */
  hasBody: boolean;
};

/** Why a request is refused, and how the devnet answers it. */
export type LocalRequestRefusal = {
  status: 403 | 415;
  errorCode: "FORBIDDEN_HOST" | "FORBIDDEN_ORIGIN" | "UNSUPPORTED_MEDIA_TYPE";
  message: string;
};

/** The names this machine answers to: a page under any other name reached the devnet through DNS. */
const loopbackHostnames: ReadonlySet<string> = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Origins of browser extensions (wallets), which call a chain's JSON-RPC from their own pages. */
const extensionSchemes: ReadonlySet<string> = new Set([
  "chrome-extension:",
  "moz-extension:",
  "safari-web-extension:",
]);

/** Bodies that are not JSON by their protocol: Esplora's broadcast takes the raw transaction as text. */
const textBodyPaths: ReadonlySet<string> = new Set([`${esploraPathPrefix}/tx`]);

/**
 * Decides whether the devnet serves a request, so that no web page the developer opens can use it
 * (it hands out test keys and moves test money). The rules, in order:
 *
 * 1. `Host` must name this machine (`127.0.0.1`, `localhost` or `[::1]`, any port): a page whose
 *    own name was made to resolve to 127.0.0.1 (DNS rebinding) sends its own name and is refused.
 * 2. `Origin`, when there is one, must be the devnet's own (`http://` and the `Host`): the dashboard,
 *    and clients outside a browser, which send none. A browser always sends it with a POST and a
 *    websocket, so another site's page (another port of this machine included) is refused. A wallet
 *    extension's origin is accepted on the chains' JSON-RPC (`/rpc/<chainId>`) only.
 * 3. A POST (any method but GET, HEAD and OPTIONS) with a body must say it is JSON
 *    (`application/json`, or a `+json` type): a page can send a cross-site `text/plain` or form body
 *    without asking first, never a JSON one. Esplora's `POST /tx` takes its raw hex as text.
 *
 * @param parameters - {@link CheckLocalRequestParameters}
 * @returns The refusal, or undefined when the request is served. {@link LocalRequestRefusal}
 * @example
 * checkLocalRequest({ method: "POST", path: "/quote/v2", host: "127.0.0.1:8787", origin: "https://evil.example", contentType: "text/plain", hasBody: true })
 * // { status: 403, errorCode: "FORBIDDEN_ORIGIN", ... }
 */
export function checkLocalRequest({
  method,
  path,
  host,
  origin,
  contentType,
  hasBody,
}: CheckLocalRequestParameters): LocalRequestRefusal | undefined {
  const authority = parseAuthority(host);
  if (authority === undefined || !loopbackHostnames.has(authority.hostname))
    return {
      status: 403,
      errorCode: "FORBIDDEN_HOST",
      message: `The devnet answers requests to 127.0.0.1 or localhost only, not to ${JSON.stringify(host ?? "")}.`,
    };

  if (origin !== undefined && !isOwnOrigin(origin, authority.host, path))
    return {
      status: 403,
      errorCode: "FORBIDDEN_ORIGIN",
      message: `The devnet does not serve pages of other origins (${JSON.stringify(origin)}): only its own dashboard and clients outside a browser.`,
    };

  const bodyless = method === "GET" || method === "HEAD" || method === "OPTIONS";
  if (!bodyless && (hasBody || contentType !== undefined) && !textBodyPaths.has(path) && !isJson(contentType))
    return {
      status: 415,
      errorCode: "UNSUPPORTED_MEDIA_TYPE",
      message: "Request bodies must be JSON: send Content-Type: application/json.",
    };
  return undefined;
}

/** `host:port` of a Host header, normalised (lowercase, default port dropped), or undefined. */
function parseAuthority(host: string | undefined): { host: string; hostname: string } | undefined {
  if (host === undefined || host === "" || /[\s/?#@\\]/.test(host)) return undefined;
  try {
    const url = new URL(`http://${host}`);
    return { host: url.host, hostname: url.hostname };
  } catch {
    return undefined;
  }
}

function isOwnOrigin(origin: string, host: string, path: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // `null` (a sandboxed frame, a file, a redirect across origins) and anything unreadable.
    return false;
  }
  if (extensionSchemes.has(url.protocol)) return path.startsWith("/rpc/");
  return url.protocol === "http:" && url.host === host && url.origin === origin.toLowerCase();
}

/** `application/json` or a `+json` type, parameters (`; charset=utf-8`) aside. */
function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const essence = (contentType.split(";")[0] as string).trim().toLowerCase();
  return essence === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(essence);
}
