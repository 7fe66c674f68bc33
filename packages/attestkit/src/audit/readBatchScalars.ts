import type { Address } from "viem";
import { bytesToBigInt } from "./bytesToBigInt.js";
import { N } from "./internal/fieldP.js";
import type { BatchScalars } from "./nobleRecoveryState.js";
import type { RecoveryInput } from "./types.js";

/**
 * A batch's signatures as integers: r and s as their 32 big-endian bytes spell them, e as the
 * digest's integer reduced mod n (ECDSA's e, SEC 1 v2 section 4.1.4; a digest is below
 * 2^256 < 2n, so one subtraction reduces it, and most need none).
 *
 * @param inputs - The batch: 32-byte digests, 64-byte `r || s`, parities.
 * @returns r, s and e of each input at its index, the inputs, and `out`: one empty slot per input
 * for its signer. {@link BatchScalars} Never throws.
 * @example
 * const scalars = readBatchScalars(inputs)
 */
export function readBatchScalars(inputs: readonly RecoveryInput[]): BatchScalars {
  const out = new Array<Address | null | false>(inputs.length);
  const scalars: BatchScalars = { r: [], s: [], e: [], inputs, out };
  for (const { rs, digest } of inputs) {
    const bytes = Buffer.from(rs.buffer, rs.byteOffset, 64);
    scalars.r.push(BigInt(`0x${bytes.toString("hex", 0, 32)}`));
    scalars.s.push(BigInt(`0x${bytes.toString("hex", 32, 64)}`));
    // Most digests are below n already: no subtraction, so no new BigInt.
    const e = bytesToBigInt(digest);
    scalars.e.push(e >= N ? e - N : e);
  }
  return scalars;
}
