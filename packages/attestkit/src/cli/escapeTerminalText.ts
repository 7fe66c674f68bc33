/**
 * The characters a terminal acts on instead of showing: the C0 controls (ESC opens colour, cursor,
 * title and clipboard sequences; CR and BS move back over a line; LF starts a new one), DEL, the C1
 * controls (U+009B is a one-character CSI, U+009D an OSC), the bidirectional marks, embeddings,
 * overrides and isolates that reorder what is shown, and the Unicode line and paragraph separators.
 */
const terminalControls =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const shortEscapes: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * Makes text safe to write to a terminal: every control character, bidirectional control and line
 * separator becomes a visible escape (`\n`, `\r`, `\t`, else `\u` and four hex digits). Each escape
 * is also a JSON string escape and nothing else changes, so a JSON line stays exactly the same
 * value, and escaping twice changes nothing more.
 *
 * @param text - What a service, a file or a flag gave.
 * @returns The text with nothing a terminal would act on.
 * @example
 * escapeTerminalText("TTL_EXPIRED\u001b[2K\rsuccess") // "TTL_EXPIRED\\u001b[2K\\rsuccess"
 */
export function escapeTerminalText(text: string): string {
  return text.replace(
    terminalControls,
    (character) => shortEscapes[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
