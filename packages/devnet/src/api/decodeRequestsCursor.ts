import type { RequestsCursor } from "./encodeRequestsCursor.js";
import { invalidRequestsQuery } from "./invalidRequestsQuery.js";

/**
 * Reads a `continuation` of `GET /requests/v3` back into its cursor (what `encodeRequestsCursor`
 * wrote: base64url of `[sortBy, direction, key, id]`, the key a finite number).
 *
 * @param continuation - The `continuation` parameter.
 * @returns The cursor. {@link RequestsCursor}
 * @throws DevnetApiError 400 `INVALID_REQUEST` for text this service did not hand out.
 * @example
 * const cursor = decodeRequestsCursor(query.continuation)
 */
export function decodeRequestsCursor(continuation: string): RequestsCursor {
  try {
    const [sortBy, direction, key, id] = JSON.parse(Buffer.from(continuation, "base64url").toString("utf8"));
    if (
      typeof sortBy === "string" &&
      typeof direction === "string" &&
      typeof key === "number" &&
      Number.isFinite(key) &&
      typeof id === "string"
    )
      return { sortBy, direction, key, id };
  } catch {}
  throw invalidRequestsQuery("continuation is not a cursor this service handed out.");
}
