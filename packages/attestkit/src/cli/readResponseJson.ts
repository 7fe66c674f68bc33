/** The largest answer the CLI reads from a devnet or a webhook receiver by itself: 4 MiB. */
export const maxResponseBytes = 4_194_304;

/** What {@link readResponseJson} throws. */
export type ReadResponseJsonErrorType = SyntaxError | RangeError;

/**
 * Reads a response body as JSON, at most `maxBytes` of it: a body that goes on past the limit is
 * cancelled there and the read fails, so a server that streams without end cannot fill the memory
 * of a command that only wanted its devnet's info or an error message.
 *
 * @param response - The answer.
 * @param maxBytes - The largest body read. Default {@link maxResponseBytes}.
 * @returns The parsed JSON.
 * @throws SyntaxError when the body is missing or not JSON; RangeError past `maxBytes`.
 * @example
 * const info = await readResponseJson(await fetch(new URL("/devnet/info", api)))
 */
export async function readResponseJson(response: Response, maxBytes = maxResponseBytes): Promise<unknown> {
  if (!response.body) throw new SyntaxError("The answer has no body.");
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new RangeError(`The answer is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return JSON.parse(Buffer.concat(chunks, total).toString("utf8"));
}
