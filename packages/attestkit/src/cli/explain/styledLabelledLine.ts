import { type Line, styled, type TextStyle } from "../styledText.js";

/**
 * A labelled line of the `explain` report whose value is styled: a status, ok / FAILED,
 * VALID / INVALID, and what follows it plain.
 *
 * @param label - The label, in a column of 22.
 * @param value - The styled value.
 * @param style - Its style; undefined for none.
 * @param rest - Plain text after it.
 * @returns The line. {@link Line}
 * @example
 * io.out(styledLabelledLine("verdict", "INVALID", "bad", " (signer-not-allowed)"))
 */
export function styledLabelledLine(
  label: string,
  value: string,
  style: TextStyle | undefined,
  rest = "",
): Line {
  return [`  ${label.padEnd(22)}`, styled(value, style), rest];
}
