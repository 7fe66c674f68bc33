/**
 * Reads what `stringifyState` wrote: every object that is exactly `{ "$bigint": "<digits>" }`
 * becomes that bigint; other objects are left alone.
 *
 * @param text - JSON text.
 * @returns The value, bigints restored.
 * @throws {SyntaxError} For text that is not JSON.
 * @example
 * parseState('{"amount":{"$bigint":"1"}}') // { amount: 1n }
 */
export function parseState(text: string): unknown {
  return JSON.parse(text, (_key, item) =>
    item !== null &&
    typeof item === "object" &&
    !Array.isArray(item) &&
    Object.keys(item).length === 1 &&
    typeof item.$bigint === "string"
      ? BigInt(item.$bigint)
      : item,
  );
}
