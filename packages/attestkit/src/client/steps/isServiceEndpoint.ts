/**
 * Whether a step's endpoint (a signature's `post.endpoint`, an item's `check.endpoint`) is on the
 * service: a path (`/intents/status/v3?...`), or an absolute URL of the service's own origin. Anything
 * else would send a signature, or poll, wherever the answer names (another host, a node on loopback).
 *
 * @param endpoint - The endpoint as the step names it.
 * @param serviceOrigin - The client's base URL origin; undefined accepts paths only.
 * @returns True when it is the service's.
 * @example
 * isServiceEndpoint("/execute/permits", "https://api.relay.link") // true
 * isServiceEndpoint("http://127.0.0.1:8545", "https://api.relay.link") // false
 */
export function isServiceEndpoint(endpoint: string, serviceOrigin?: string | undefined): boolean {
  if (/^\/(?![/\\])/.test(endpoint)) return true;
  if (serviceOrigin === undefined || !/^https?:\/\//i.test(endpoint)) return false;
  try {
    return new URL(endpoint).origin === serviceOrigin;
  } catch {
    return false;
  }
}
