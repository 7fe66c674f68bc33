/** Names and flags as the program declares them: nothing a shell would read as syntax. */
const plain = /^\*?[A-Za-z0-9 _.|-]*$/;

/**
 * Completion keys (`devnet|trigger`, `*|--api`) as the patterns of one `case` branch of bash and
 * zsh: each quoted, a leading `*` left outside the quotes as the wildcard for any command path.
 * No keys give a pattern that matches nothing (every subject holds a `|`).
 *
 * @param keys - From `completionCases`.
 * @returns The patterns, joined by `|`.
 * @throws {Error} When a key holds anything but letters, digits, spaces and `_.|-`.
 */
export function shellPattern(keys: readonly string[]): string {
  if (keys.length === 0) return '"(none)"';
  return keys
    .map((key) => {
      if (!plain.test(key)) throw new Error(`Not a plain completion key: ${JSON.stringify(key)}.`);
      return key.startsWith("*") ? `*"${key.slice(1)}"` : `"${key}"`;
    })
    .join("|");
}
