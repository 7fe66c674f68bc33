/**
 * A count and its noun, singular for exactly one: `1 step`, `3 steps`, `1 entry`, `0 entries`.
 *
 * @param count - How many.
 * @param singular - The noun for one.
 * @param pluralForm - The noun for any other count. Default: the singular and `s`.
 * @returns The count and the noun.
 * @example
 * plural(1, "entry", "entries") // "1 entry"
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
