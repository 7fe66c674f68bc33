import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { Address } from "viem";
import { bytesToHex } from "../attestation/noble/bytesToHex.js";
import { publicKeyToAddress } from "../attestation/noble/publicKeyToAddress.js";
import type { BatchSignerRecovery, SignerRecovery } from "./types.js";

type Point = InstanceType<typeof secp256k1.Point>;

export type CreateNobleRecoveryParameters = {
  /** Lowercase addresses of the allowed solvers: their keys are learned and precomputed. */
  allowed: ReadonlySet<string>;
  /** wNAF window of the precomputed tables (default 8: 33 x 128 points per key). */
  window?: number | undefined;
};

/** Recovery that also counts how each signer was found. */
export type NobleRecovery = SignerRecovery & {
  /** Many signatures at once, in order. */
  readonly batch: BatchSignerRecovery;
  /** `confirmed`: matched a precomputed solver key; `recovered`: full recovery (or none possible). */
  readonly stats: { confirmed: number; recovered: number };
};

const { Point, Signature } = secp256k1;
const { Fn } = Point;

const toBigInt = (bytes: Uint8Array) =>
  BigInt(`0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`);

// Private copies of G (one per window) so their tables leave noble's shared BASE point as it is.
const generators = new Map<number, Point>();

/**
 * Builds signer recovery on `@noble/curves` that is fast for a fixed solver set. Once a solver's
 * key Q is learned from a full recovery, a signature (r, s, v) over digest e is confirmed as that
 * solver's by computing R' = (e/s)·G + (r/s)·Q with precomputed tables and checking R'.x == r
 * exactly and parity(R'.y) == v - 27. That holds exactly when recovery returns Q (recovery takes
 * R = (r, parity) and returns (sR - eG)/r, and sR' - eG = rQ); any mismatch falls back to full
 * recovery, so the reported signer is always the recovered one.
 *
 * @param parameters - {@link CreateNobleRecoveryParameters}
 * @returns The recovery function, with its counts. {@link NobleRecovery}
 * @example
 * const recover = createNobleRecovery({ allowed: new Set([solver.toLowerCase()]) })
 * recover({ digest, rs, r, s, yParity }) // "0xf39F...2266" or null
 */
export function createNobleRecovery({ allowed, window = 8 }: CreateNobleRecoveryParameters): NobleRecovery {
  const known: { point: Point; address: Address }[] = [];
  const stats = { confirmed: 0, recovered: 0 };
  const recover: SignerRecovery = ({ digest, rs, yParity }) => {
    const r = toBigInt(rs.subarray(0, 32));
    const s = toBigInt(rs.subarray(32, 64));
    if (known.length > 0) {
      let generator = generators.get(window);
      if (generator === undefined) {
        generator = Point.fromAffine(Point.BASE.toAffine()).precompute(window);
        generators.set(window, generator);
      }
      const e = Fn.create(BigInt(bytesToHex(digest)));
      const sInverse = Fn.inv(s);
      const eG = generator.multiplyUnsafe(Fn.create(e * sInverse));
      const u2 = Fn.create(r * sInverse);
      for (const [i, key] of known.entries()) {
        const R = eG.add(key.point.multiplyUnsafe(u2));
        if (R.is0()) continue;
        const { x, y } = R.toAffine();
        // Exact x (not x mod n): recovery with v in {27, 28} lifts the point whose x is r itself.
        if (x === r && Number(y & 1n) === yParity) {
          if (i > 0) known.unshift(...known.splice(i, 1));
          stats.confirmed++;
          return key.address;
        }
      }
    }
    // The same calls as recoverSignerNoble.
    stats.recovered++;
    let publicKey: Point;
    try {
      publicKey = new Signature(r, s, yParity).recoverPublicKey(digest);
    } catch {
      return null;
    }
    const address = publicKeyToAddress(publicKey.toBytes(false));
    if (allowed.has(address.toLowerCase()) && !known.some((key) => key.address === address))
      known.push({ point: Point.fromAffine(publicKey.toAffine()).precompute(window), address });
    return address;
  };
  return Object.assign(recover, {
    stats,
    batch: (inputs: readonly Parameters<SignerRecovery>[0][]) => inputs.map(recover),
  });
}
