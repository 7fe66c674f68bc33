import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The address a request came from, for the rate limit of callers without an API key.
 *
 * @param c - The request's context.
 * @returns The remote IP, or `unknown` when the server cannot tell (a request not from a socket).
 * @example
 * rateLimiter.take({ apiKey, ip: remoteAddress(c) })
 */
export function remoteAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
