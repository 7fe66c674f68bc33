import { readFileSync } from "node:fs";
import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";

/**
 * Reads one JSON object from a file (`-` for standard input). Anything else — an unreadable file,
 * text that is not JSON, an array or a scalar — is bad input (exit 2) naming the file.
 *
 * @param parameters - The file, and what it should hold (for the message).
 * @returns The object.
 * @example
 * readJsonObjectFile({ file: "quote.json", what: "one quote request object" })
 */
export function readJsonObjectFile({ file, what }: { file: string; what: string }): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (cause) {
    throw new CliError(`Cannot read ${file}.`, { exitCode: exitCodes.badInput, cause });
  }
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
