/**
 * One labelled line of the `explain` report: the label in a column of 22, then the value.
 *
 * @param label - The label; an empty one continues the field above.
 * @param value - The value, as `String` writes it.
 * @returns The line.
 * @example
 * io.out(labelledLine("digest", part.digest)) // "  digest                0x…"
 */
export function labelledLine(label: string, value: unknown): string {
  return `  ${label.padEnd(22)}${String(value)}`;
}
