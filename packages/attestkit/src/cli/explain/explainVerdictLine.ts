import type { Line } from "../styledText.js";
import { styledLabelledLine } from "./styledLabelledLine.js";

/**
 * The verdict of an order or an attestation in the `explain` report: VALID, or INVALID with why.
 *
 * @param valid - Whether it verified.
 * @param reason - Why not.
 * @returns The line. {@link Line}
 * @example
 * io.out(explainVerdictLine(part.valid, part.reason))
 */
export function explainVerdictLine(valid: boolean, reason: unknown): Line {
  return valid
    ? styledLabelledLine("verdict", "VALID", "good")
    : styledLabelledLine("verdict", "INVALID", "bad", ` (${reason})`);
}
