import { maxErrorBodyBytes } from "../errors/request.js";

export type ReadResponseTextReturnType = {
  /** The body as UTF-8 text: all of it for a success, at most `maxErrorBodyBytes` of an error. */
  text: string;
  /** True when an error body was longer and was cut. */
  truncated: boolean;
};

/**
 * Reads an answer's body as text. A success is read whole; an error page can be huge (a proxy's
 * 22 MB HTML), so only its first `maxErrorBodyBytes` (64 KiB) are read, and the rest is cancelled
 * unread.
 *
 * @param response - The service's answer.
 * @returns The text, and whether it was cut. {@link ReadResponseTextReturnType}
 * @example
 * const { text, truncated } = await readResponseText(response)
 */
export async function readResponseText(response: Response): Promise<ReadResponseTextReturnType> {
  if (response.ok) return { text: await response.text(), truncated: false };
  return readBounded(response, maxErrorBodyBytes);
}

/** Reads at most `limit` bytes of a body as UTF-8 text, and stops reading (cancels the body) there. */
async function readBounded(response: Response, limit: number): Promise<ReadResponseTextReturnType> {
  if (!response.body) return { text: "", truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes + value.byteLength > limit) {
      // `stream: true` holds back a character cut at the limit instead of writing U+FFFD for it.
      text += decoder.decode(value.subarray(0, limit - bytes), { stream: true });
      await reader.cancel().catch(() => {});
      return { text, truncated: true };
    }
    bytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), truncated: false };
}
