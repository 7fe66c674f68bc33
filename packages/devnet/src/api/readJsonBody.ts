import type { Context } from "hono";
import { DevnetApiError } from "../errors.js";

/**
 * Reads a request's JSON body for the shared request schemas to check: an empty body is `{}` (the
 * schemas then name the missing fields), anything else that is not JSON a 400 `INVALID_REQUEST`
 * rather than the framework's own error. One reader for every route, so that all bodies are read
 * alike.
 *
 * @param c - The route's context.
 * @returns The parsed body, unchecked.
 * @throws DevnetApiError 400 `INVALID_REQUEST` when the body is not JSON.
 * @example
 * const body = validated("quote", await readJsonBody(c))
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new DevnetApiError({
      status: 400,
      errorCode: "INVALID_REQUEST",
      message: "The body is not valid JSON.",
    });
  }
}
