/** What a styled part of a line means; the terminal Io picks the colour. */
export type TextStyle = "good" | "bad" | "warn";

/** A part of a line the terminal may colour: the text is escaped like the rest of the line first. */
export type StyledText = { readonly text: string; readonly style: TextStyle };

/**
 * A line as a command writes it: plain text, or parts of which some are styled. Only the terminal
 * Io turns a style into colour, after escaping every part, so the text of a part (often the
 * service's) can neither open nor close a colour.
 */
export type Line = string | readonly (string | StyledText)[];

/**
 * Marks `text` to be shown in a style when the output is a colour terminal.
 *
 * @param text - The text, shown as it is where colours are off.
 * @param style - What it means; undefined for text with none (a status no style is known for).
 * @returns The styled part, or the text itself without a style. {@link StyledText}
 * @example
 * io.out(["verdict      ", styled("VALID", "good")])
 */
export function styled(text: string, style: TextStyle | undefined): string | StyledText {
  return style ? { text, style } : text;
}
