/**
 * A JSON answer to a webhook delivery: the body serialised, `content-type: application/json`, and
 * any further headers (`allow`, `retry-after`).
 *
 * @param status - The HTTP status.
 * @param body - The answer, serialised with `JSON.stringify`.
 * @param headers - Headers added to the content type.
 * @returns The response.
 * @example
 * return jsonResponse(409, { error: "in-progress" }, { "retry-after": "10" })
 */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}
