import { type Line, styled } from "./styledText.js";

/**
 * The verdict line of `verify`: `verdict      VALID`, or `verdict      INVALID (<reason>)`, the word
 * styled good or bad.
 *
 * @param verdict - Whether it is valid, and why not.
 * @returns The line. {@link Line}
 * @example
 * io.out(formatVerdictLine(result))
 */
export function formatVerdictLine({ valid, reason }: { valid: boolean; reason?: string | undefined }): Line {
  return valid
    ? ["verdict      ", styled("VALID", "good")]
    : ["verdict      ", styled("INVALID", "bad"), ` (${reason})`];
}
