/**
 * A JSON body with the query's or path's fields added over it, so that one shared schema checks them
 * together; anything but a plain object is returned as it is, for the schema to refuse.
 *
 * @param body - The parsed JSON body.
 * @param fields - The query or path parameters, by name (undefined when absent).
 * @returns The body with the fields, or `body` unchanged.
 * @example
 * withInputFields({ kind: "eip3009", requestId }, { signature: c.req.query("signature") })
 */
export function withInputFields(body: unknown, fields: Record<string, string | undefined>): unknown {
  return body !== null && typeof body === "object" && !Array.isArray(body) ? { ...body, ...fields } : body;
}
