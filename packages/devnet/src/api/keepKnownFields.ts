/**
 * Keeps the known keys of a query or JSON body and drops the others, as the live service ignores
 * unknown parameters; anything but a plain object is returned as is, for the schema to refuse.
 *
 * @param body - The parsed query or body.
 * @param keys - The keys the endpoint knows.
 * @returns The object with only those keys, or `body` unchanged when it is not a plain object.
 * @example
 * keepKnownFields(c.req.query(), ["requestId", "referrer"])
 */
export function keepKnownFields(body: unknown, keys: readonly string[]): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  return Object.fromEntries(keys.flatMap((key) => (key in body ? [[key, Reflect.get(body, key)]] : [])));
}
