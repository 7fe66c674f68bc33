/** Encodes a string as UTF-8, or returns bytes as they are. */
export function toBytes(value: string | Uint8Array): Uint8Array {
  return typeof value === "string" ? new TextEncoder().encode(value) : value;
}
