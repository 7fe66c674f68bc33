export type ShowValueOptions = {
  /**
   * Show the value as bare text inside a sentence: a string as it is (no quotes), anything else as
   * JSON, and the text cut at `max` whatever the value (for bodies the service sent). Default false:
   * a string quoted and cut, anything else as JSON in full.
   */
  bare?: boolean | undefined;
};

/**
 * Shows a caller's value inside an error line: strings quoted (and cut to `max` characters),
 * bigints with their `n`, anything else as JSON. With `bare`, strings are not quoted and every
 * rendering is cut to `max`.
 *
 * @param value - The offending value.
 * @param max - Longest string shown before it is cut with `...`.
 * @param options - {@link ShowValueOptions}
 * @returns The text.
 * @example
 * showValue("1.5") // '"1.5"'
 * showValue("<html>...", 120, { bare: true }) // '<html>...'
 */
export function showValue(value: unknown, max = 80, { bare = false }: ShowValueOptions = {}): string {
  if (typeof value === "string") return bare ? cut(value, max) : JSON.stringify(cut(value, max));
  if (typeof value === "bigint") return `${value}n`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return bare ? cut(text, max) : text;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
