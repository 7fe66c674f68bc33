import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";

export type ParseJsonObjectTextParameters = {
  /** The path it was read from, or `-`, for the message. */
  file: string;
  /** The file's text. */
  text: string;
  /** What the file should hold, for the message (`one object {requestData, signature}`). */
  what: string;
};

/** {@link CliError} (exit 2), naming the file. */
export type ParseJsonObjectTextErrorType = CliError;

/**
 * Reads one JSON object from a file's text. Text that is not JSON, an array or a scalar is bad
 * input (exit 2) naming the file.
 *
 * @param parameters - {@link ParseJsonObjectTextParameters}
 * @returns The object.
 * @throws {@link ParseJsonObjectTextErrorType}
 * @example
 * parseJsonObjectText({ file: "quote.json", text, what: "one quote request object" })
 */
export function parseJsonObjectText({
  file,
  text,
  what,
}: ParseJsonObjectTextParameters): Record<string, unknown> {
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
