import type { InputLimit } from "./inputLimits.js";
import { parseJsonObjectText } from "./parseJsonObjectText.js";
import { readBoundedFile } from "./readBoundedFile.js";

export type ReadJsonObjectFileParameters = InputLimit & {
  /** The path, or `-` for standard input. */
  file: string;
};

/**
 * Reads one JSON object from a file (`-` for standard input), at most `maxBytes` of it. Anything
 * else — an unreadable or oversized file, text that is not JSON, an array or a scalar — is bad
 * input (exit 2) naming the file.
 *
 * @param parameters - The file, what it should hold (for the message) and its limit. {@link ReadJsonObjectFileParameters}
 * @returns The object.
 * @example
 * readJsonObjectFile({ file: "quote.json", ...inputLimits.quoteRequest })
 */
export function readJsonObjectFile({
  file,
  what,
  maxBytes,
}: ReadJsonObjectFileParameters): Record<string, unknown> {
  return parseJsonObjectText({ file, text: readBoundedFile({ file, what, maxBytes }), what });
}
