import { keccak256, stringToHex } from "viem";

/**
 * A short fingerprint of a step item's `data`: the first 8 bytes of keccak256 of its JSON with keys
 * sorted (16 hex digits). An acceptance written `stepId[index]@<digest>` covers that item only while
 * its data is exactly what the caller saw.
 *
 * @param data - The item's `data`.
 * @returns 16 lowercase hex digits.
 * @example
 * itemDigest({ to: "0x…", data: "0x…" }) // "3f1a…"
 */
export function itemDigest(data: unknown): string {
  return keccak256(stringToHex(canonical(data))).slice(2, 18);
}

/** JSON with object keys sorted at every depth; bigints as decimal strings. */
function canonical(value: unknown): string {
  if (typeof value === "bigint") return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}
