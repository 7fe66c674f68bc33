import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";
import type { InputLimit } from "./inputLimits.js";
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
  const text = readBoundedFile({ file, what, maxBytes });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new CliError(`${file} is not JSON.`, { exitCode: exitCodes.badInput, cause });
  }
  if (!json || typeof json !== "object" || Array.isArray(json))
    throw new CliError(`${file} must hold ${what}.`, { exitCode: exitCodes.badInput });
  return json as Record<string, unknown>;
}
