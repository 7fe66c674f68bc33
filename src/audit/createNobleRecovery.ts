import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { Address } from "viem";
import { bytesToHex } from "../attestation/noble/bytesToHex.js";
import { publicKeyToAddress } from "../attestation/noble/publicKeyToAddress.js";
import { limbs, limbsParity, limbsToBigInt, sqrtP } from "./internal/fieldLimbs.js";
import { invertAll, N, P } from "./internal/fieldP.js";
import { addTableMultiples, type FixedTable, fixedTable } from "./internal/fixedTable.js";
import { multiplyPoints } from "./internal/multiplyPoints.js";
import { createPointBatch, pointAt, present, setPoint } from "./internal/pointBatch.js";
import type { BatchSignerRecovery, RecoveryInput, SignerRecovery } from "./types.js";

type Point = InstanceType<typeof secp256k1.Point>;

export type CreateNobleRecoveryParameters = {
  /** Lowercase addresses of the allowed solvers: their keys are learned and precomputed. */
  allowed: ReadonlySet<string>;
  /** wNAF window of the one-at-a-time tables (default 8: 33 x 128 points per key). */
  window?: number | undefined;
  /**
   * Window of the batch tables (default 12: 23 x 2,048 points per key, about 8 MB, built in about
   * 50 ms). On 2 threads, 10-bit tables from the start, or for a thread's first 20,000 signatures,
   * measured the same as 12 on 30,000 and 100,000 entries, within the machine's noise.
   */
  batchWindow?: number | undefined;
  /** Batches of fewer signatures than this go one at a time, where that is faster (default 8). */
  minBatch?: number | undefined;
};

/** Recovery that also counts how each signer was found. */
export type NobleRecovery = SignerRecovery & {
  /** Many signatures at once, in order; each exactly what one at a time would give. */
  readonly batch: BatchSignerRecovery;
  /** `confirmed`: matched a learned solver key; `recovered`: recovered in full (or none possible). */
  readonly stats: { confirmed: number; recovered: number };
};

const { Point, Signature } = secp256k1;
const { Fn } = Point;

const toBigInt = (bytes: Uint8Array) =>
  BigInt(`0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`);
const word = (value: bigint) => value.toString(16).padStart(64, "0");

// Per thread: G's tables, one per window (private copies, so noble's shared BASE point is untouched).
const generators = new Map<number, Point>();
const generatorTables = new Map<number, FixedTable>();

/**
 * Builds signer recovery on `@noble/curves` that is fast for a fixed solver set, and exact: every
 * answer is the signer noble's `recoverPublicKey` gives, or null where it throws.
 *
 * Confirmation. Once a solver's key Q is learned (from a full recovery), a signature (r, s, v)
 * over digest e is its signature exactly when T = (e/s)·G + (r/s)·Q has x(T) = r and
 * parity(y(T)) = v - 27: recovery lifts R = (r, parity) and returns (s·R - e·G)/r, and
 * s·T - e·G = r·Q, so T = R if and only if recovery returns Q. (x is compared to r itself, not
 * mod n: with v in {27, 28} recovery lifts the point whose x is r.) A signature that does not
 * pass is recovered in full, so a forged or foreign signature can never be reported as Q's: it is
 * reported with the key it recovers to.
 *
 * Batches. `batch` confirms all of a batch's signatures together: T is a sum of points from
 * tables of multiples of G and of Q (one point per nonzero signed 12-bit digit of each scalar, no
 * doubling), added in affine coordinates where the field inversions of the whole batch are shared
 * (Montgomery's trick: one inversion and three multiplications each; still exact arithmetic, on
 * limbs in doubles: internal/fieldLimbs.ts). The
 * signatures that are not confirmed are recovered together the same way (R lifted from r and v,
 * (s/r)·R by a shared 4-bit window walk, (-e/r)·G from G's table). An addition that would need a
 * special case (a point plus itself or its negation) sends that one signature to noble's own
 * `recoverPublicKey`. Nothing is probabilistic; no signature is accepted on a combined check.
 *
 * @param parameters - {@link CreateNobleRecoveryParameters}
 * @returns The recovery function, its batch form and its counts. {@link NobleRecovery}
 * @example
 * const recover = createNobleRecovery({ allowed: new Set([solver.toLowerCase()]) })
 * recover.batch(inputs) // ["0xf39F...2266", null, ...]
 */
export function createNobleRecovery({
  allowed,
  window = 8,
  batchWindow = 12,
  minBatch = 8,
}: CreateNobleRecoveryParameters): NobleRecovery {
  // Each learned key with the tables built for it when first needed: wNAF precomputes for one
  // signature at a time (`precomputed`), the fixed table for batches (`table`).
  const known: { point: Point; address: Address; precomputed?: Point; table?: FixedTable }[] = [];
  const stats = { confirmed: 0, recovered: 0 };

  const learn = (address: Address, point: Point) => {
    if (allowed.has(address.toLowerCase()) && !known.some((key) => key.address === address))
      known.push({ point: Point.fromAffine(point.toAffine()), address });
  };
  // The same calls as recoverSignerNoble.
  const recoverInFull = (r: bigint, s: bigint, yParity: 0 | 1, digest: Uint8Array): Address | null => {
    stats.recovered++;
    let publicKey: Point;
    try {
      publicKey = new Signature(r, s, yParity).recoverPublicKey(digest);
    } catch {
      return null;
    }
    const address = publicKeyToAddress(publicKey.toBytes(false));
    learn(address, publicKey);
    return address;
  };

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
        key.precomputed ??= Point.fromAffine(key.point.toAffine()).precompute(window);
        const R = eG.add(key.precomputed.multiplyUnsafe(u2));
        if (R.is0()) continue;
        const { x, y } = R.toAffine();
        if (x === r && Number(y & 1n) === yParity) {
          if (i > 0) known.unshift(...known.splice(i, 1));
          stats.confirmed++;
          return key.address;
        }
      }
    }
    return recoverInFull(r, s, yParity, digest);
  };

  const batch: BatchSignerRecovery = (inputs) => {
    if (inputs.length < minBatch) return inputs.map(recover);
    let gTable = generatorTables.get(batchWindow);
    if (gTable === undefined) {
      gTable = fixedTable(Point.BASE, batchWindow);
      generatorTables.set(batchWindow, gTable);
    }
    const count = inputs.length;
    const out = new Array<Address | null>(count);
    const r = inputs.map(({ rs }) => toBigInt(rs.subarray(0, 32)));
    const s = inputs.map(({ rs }) => toBigInt(rs.subarray(32, 64)));
    const e = inputs.map(({ digest }) => toBigInt(digest) % N);
    // No key learned yet: the first signatures one at a time, until one teaches a solver's key.
    let first = 0;
    for (; known.length === 0 && first < Math.min(minBatch, count); first++)
      out[first] = recover(inputs[first] as RecoveryInput);
    let pending = inputs.map((_, i) => i).slice(first);

    // 1. Confirm against each learned key.
    if (known.length > 0) {
      const sInverse = invertAll(s, N);
      for (const key of known) {
        if (pending.length === 0) break;
        key.table ??= fixedTable(key.point, batchWindow);
        const sums = createPointBatch(pending.length);
        addTableMultiples(
          sums,
          gTable,
          pending.map((i) => ((e[i] as bigint) * (sInverse[i] as bigint)) % N),
        );
        addTableMultiples(
          sums,
          key.table,
          pending.map((i) => ((r[i] as bigint) * (sInverse[i] as bigint)) % N),
        );
        const left: number[] = [];
        for (const [k, i] of pending.entries()) {
          if (
            sums.state[k] === present &&
            limbsToBigInt(sums.xs, k * limbs) === r[i] &&
            limbsParity(sums.ys, k * limbs) === (inputs[i] as RecoveryInput).yParity
          ) {
            out[i] = key.address;
            stats.confirmed++;
          } else left.push(i);
        }
        pending = left;
      }
    }
    if (pending.length === 0) return out;
    if (pending.length < minBatch) {
      for (const i of pending)
        out[i] = recoverInFull(
          r[i] as bigint,
          s[i] as bigint,
          (inputs[i] as RecoveryInput).yParity,
          (inputs[i] as RecoveryInput).digest,
        );
      return out;
    }

    // 2. Recover the rest together: Q = (s/r)·R + (-e/r)·G, R lifted from r and the parity.
    const lifted: number[] = [];
    const roots: bigint[] = [];
    for (const i of pending) {
      const x = r[i] as bigint;
      const y = sqrtP((((x * x) % P) * x + 7n) % P, (inputs[i] as RecoveryInput).yParity);
      if (y === undefined) {
        // r is no point's x: recovery throws, so no signer.
        stats.recovered++;
        out[i] = null;
        continue;
      }
      lifted.push(i);
      roots.push(y);
    }
    const points = createPointBatch(lifted.length);
    for (const [k, i] of lifted.entries()) setPoint(points, k, r[i] as bigint, roots[k] as bigint);
    const rInverse = invertAll(
      lifted.map((i) => r[i] as bigint),
      N,
    );
    const keys = multiplyPoints(
      points,
      lifted.map((i, k) => ((s[i] as bigint) * (rInverse[k] as bigint)) % N),
    );
    addTableMultiples(
      keys,
      gTable,
      lifted.map((i, k) => ((N - (e[i] as bigint)) * (rInverse[k] as bigint)) % N),
    );
    for (const [k, i] of lifted.entries()) {
      const input = inputs[i] as RecoveryInput;
      const q = pointAt(keys, k);
      if (q === undefined) {
        out[i] = recoverInFull(r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
        continue;
      }
      stats.recovered++;
      const address = publicKeyToAddress(Buffer.from(`04${word(q.x)}${word(q.y)}`, "hex"));
      if (allowed.has(address.toLowerCase()) && !known.some((key) => key.address === address))
        learn(address, Point.fromAffine(q));
      out[i] = address;
    }
    return out;
  };

  return Object.assign(recover, { stats, batch });
}
