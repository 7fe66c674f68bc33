import type { Context } from "hono";

/**
 * The caller's API key: the `x-api-key` header, as the live service reads it.
 *
 * @param c - The request's context.
 * @returns The key, or undefined when the header is missing or empty.
 * @example
 * handleQuote({ context, body, apiKey: apiKeyOf(c) })
 */
export function apiKeyOf(c: Context): string | undefined {
  return c.req.header("x-api-key") || undefined;
}
