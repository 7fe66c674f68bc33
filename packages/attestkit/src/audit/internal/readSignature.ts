import { secp256k1HalfN, secp256k1N } from "../../attestation/constants.js";
import { parseSignatureNoble } from "../../attestation/noble/parseSignatureNoble.js";

/** A signature that passed every rule: `r || s` and the y parity. */
export type ReadSignature = { rs: Uint8Array; yParity: 0 | 1 };

const word = (value: bigint) => Buffer.from(value.toString(16).padStart(64, "0"), "hex");
const n = word(secp256k1N);
const halfN = word(secp256k1HalfN);
const zero = Buffer.alloc(32);

/**
 * Reads a signature exactly as `parseSignatureNoble` does, faster (no big integers): when the value
 * is 65 bytes of strict hex and passes every rule it is read here; anything else goes to
 * `parseSignatureNoble`, which throws the error (and reason) it always throws. The two accept the
 * same values: `0x` and 130 ASCII hex digits of either case; `v` in {27, 28, 0, 1}; `r` in 1 .. n - 1;
 * `s` in 1 .. n / 2 (compared as 32-byte big-endian words).
 *
 * @param signature - The entry's `signature`.
 * @returns `r || s` and the y parity. {@link ReadSignature}
 * @throws What `parseSignatureNoble` throws.
 */
export function readSignature(signature: unknown): ReadSignature {
  if (
    typeof signature === "string" &&
    signature.length === 132 &&
    signature.charCodeAt(0) === 0x30 /* 0 */ &&
    signature.charCodeAt(1) === 0x78 /* x */ &&
    // ASCII only: Node's hex decoder reads a character's low byte, so U+0130 would pass as "0".
    Buffer.byteLength(signature, "utf8") === 132
  ) {
    // On ASCII, Node's hex decoder stops at the first pair that is not hex: 65 bytes means every digit was.
    const bytes = Buffer.from(signature.slice(2), "hex");
    if (bytes.length === 65) {
      const v = bytes[64];
      const yParity = v === 27 || v === 0 ? 0 : v === 28 || v === 1 ? 1 : undefined;
      const r = bytes.subarray(0, 32);
      const s = bytes.subarray(32, 64);
      if (
        yParity !== undefined &&
        !r.equals(zero) &&
        Buffer.compare(r, n) < 0 &&
        !s.equals(zero) &&
        Buffer.compare(s, halfN) <= 0
      )
        return { rs: bytes.subarray(0, 64), yParity };
    }
  }
  const { r, s, yParity } = parseSignatureNoble(signature);
  // Not reached for a value the fast path refused, but kept exact if the rules ever widen.
  return { rs: Buffer.concat([word(r), word(s)]), yParity };
}
