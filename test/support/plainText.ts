import type { Line } from "../../packages/attestkit/src/cli/styledText.js";

/**
 * The line without its styles: what a pipe, a file or a test sees.
 *
 * @param line - {@link Line}
 * @returns The plain text.
 */
export function plainText(line: Line): string {
  return typeof line === "string"
    ? line
    : line.map((part) => (typeof part === "string" ? part : part.text)).join("");
}
