/**
 * Where a page of `GET /requests/v3` ended: the order it was listed in, and the sort key and id of
 * its last request (keyset paging: a request created meanwhile never shifts a later page).
 */
export type RequestsCursor = {
  sortBy: string;
  direction: string;
  /** The last request's sort key (a time in ms, or a USD amount). */
  key: number;
  /** The last request's id: breaks ties between equal keys. */
  id: string;
};

/**
 * Writes the opaque `continuation` of `GET /requests/v3`: the cursor as a JSON array, base64url.
 *
 * @param cursor - {@link RequestsCursor}
 * @returns The `continuation` text, read back by `decodeRequestsCursor`.
 * @example
 * encodeRequestsCursor({ sortBy: "createdAt", direction: "desc", key: 1700000000000, id: requestId })
 */
export function encodeRequestsCursor(cursor: RequestsCursor): string {
  return Buffer.from(JSON.stringify([cursor.sortBy, cursor.direction, cursor.key, cursor.id])).toString(
    "base64url",
  );
}
