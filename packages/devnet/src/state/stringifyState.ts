/**
 * Writes a value of the state database as JSON with bigints: `{ "$bigint": "123" }` stands for
 * `123n` (JSON has no integers beyond 2^53, and amounts are uint256).
 *
 * @param value - Any JSON value, bigints anywhere in it.
 * @returns The JSON text, read back by `parseState`.
 * @example
 * stringifyState({ amount: 1n }) // '{"amount":{"$bigint":"1"}}'
 */
export function stringifyState(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    typeof item === "bigint" ? { $bigint: item.toString() } : item,
  );
}
