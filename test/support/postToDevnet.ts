/** What the devnet answered a raw POST: its status, the not-simulated header, the JSON body. */
export type DevnetPostReply = {
  status: number;
  /** `x-devnet-not-simulated`: the request fields the devnet took but does not simulate (or null). */
  header: string | null;
  body: Record<string, unknown> & { details?: Record<string, unknown> };
};

/**
 * POSTs a JSON body to a devnet route, past the client (so a test sees the raw status, header and
 * body the service would send).
 *
 * @example
 * const raw = await postToDevnet(devnet().url, "/quote/v2", { ...intent, additionalData: {} })
 * raw.header // "additionalData"
 */
export async function postToDevnet(url: string, path: string, body: unknown): Promise<DevnetPostReply> {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    header: response.headers.get("x-devnet-not-simulated"),
    body: (await response.json()) as DevnetPostReply["body"],
  };
}
