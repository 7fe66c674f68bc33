/**
 * Words (subcommands, flags, choices) as one shell word list: `verify encode audit`, double-quoted
 * with `quoted` (one word for `compgen -W`).
 *
 * @param words - Names and flags of the program.
 * @param options - `quoted`: wrap the list in double quotes.
 * @returns The list.
 * @throws {Error} When a word holds anything but letters, digits and `_.-`.
 */
export function shellWords(words: readonly string[], { quoted = true }: { quoted?: boolean } = {}): string {
  for (const word of words)
    if (!/^[A-Za-z0-9_.-]+$/.test(word))
      throw new Error(`Not a plain completion word: ${JSON.stringify(word)}.`);
  return quoted ? `"${words.join(" ")}"` : words.join(" ");
}
