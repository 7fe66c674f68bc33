import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { Address } from "viem";
import { bytesToHex } from "../attestation/noble/bytesToHex.js";
import { publicKeyToAddress } from "../attestation/noble/publicKeyToAddress.js";
import {
  canonicalLimbs,
  canonicalToBytes,
  copyLimbs,
  limbs,
  limbsFromBytes,
  multiplyLimbs,
  normalizeLimbs,
  sqrtLimbs,
  squareLimbs,
} from "./internal/fieldLimbs.js";
import { invertAll, N } from "./internal/fieldP.js";
import {
  addTableDigits,
  addTableMultiples,
  type FixedTable,
  fixedTable,
  signedDigitsInto,
} from "./internal/fixedTable.js";
import { generatorTable } from "./internal/generatorTable.js";
import { multiplyPoints } from "./internal/multiplyPoints.js";
import {
  addPoints,
  type PointBatch,
  pointLists,
  present,
  spareFloat64,
  spareInt32,
  sparePointBatch,
} from "./internal/pointBatch.js";
import type { BatchRecoveryOptions, BatchSignerRecovery, RecoveryInput, SignerRecovery } from "./types.js";

type Point = InstanceType<typeof secp256k1.Point>;

export type CreateNobleRecoveryParameters = {
  /** Lowercase addresses of the allowed solvers: their keys are learned and precomputed. */
  allowed: ReadonlySet<string>;
  /** wNAF window of the one-at-a-time tables (default 8: 33 x 128 points per key). */
  window?: number | undefined;
  /**
   * Window of the batch tables (default 12: 23 x 2,048 points per key, about 8 MB, built in about
   * 35 ms once the code is warm; 22 additions per scalar).
   */
  batchWindow?: number | undefined;
  /**
   * Window of a batch table until it has served `widenAfter` signatures in this thread (default
   * 10: 27 x 512 points, about 2 MB, built in about 12 ms; 26 additions per scalar). Four more
   * additions cost about 2 us per signature, so a wide table pays for its build after some
   * 10,000 more; one that has served 30,000 is likely to serve that many again. A short audit,
   * or a solver that signs a small share, never builds one.
   */
  narrowWindow?: number | undefined;
  /** Signatures a table serves before it is widened (default 30,000; 0: wide from the start). */
  widenAfter?: number | undefined;
  /** Batches of fewer signatures than this go one at a time, where that is faster (default 8). */
  minBatch?: number | undefined;
};

/** Recovery that also counts how each signer was found. */
export type NobleRecovery = SignerRecovery & {
  /** Many signatures at once, in order; each exactly what one at a time would give. */
  readonly batch: BatchSignerRecovery;
  /**
   * `confirmed`: matched a learned solver key; `recovered`: recovered in full (or none possible);
   * `rejected`: verdicts only, matched none of the solvers' keys and not recovered in full.
   */
  readonly stats: { confirmed: number; recovered: number; rejected: number };
};

const { Point, Signature } = secp256k1;
const { Fn } = Point;

const toBigInt = (bytes: Uint8Array) =>
  BigInt(`0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`);

/** A batch's signatures as numbers, and where their signers go. */
type BatchScalars = {
  r: bigint[];
  s: bigint[];
  e: bigint[];
  inputs: readonly RecoveryInput[];
  out: (Address | null | false)[];
};

// Scratch for one coordinate in canonical limbs, and for lifting x to a point.
const coordinate = new Float64Array(limbs);
const lift = new Float64Array(4 * limbs);
const [liftX3, liftY, liftCheck] = [limbs, 2 * limbs, 3 * limbs];
// Scratch for a lifted point's x in canonical limbs.
const liftedX = new Float64Array(limbs);

/** Whether entry n of `sums` has x = r (canonical r at rLimbs[k]) and a y of the given parity. */
function matches(sums: PointBatch, n: number, rLimbs: Float64Array, k: number, yParity: 0 | 1): boolean {
  canonicalLimbs(coordinate, 0, sums.xs, n * limbs);
  for (let l = 0; l < limbs; l++) if (coordinate[l] !== rLimbs[k * limbs + l]) return false;
  canonicalLimbs(coordinate, 0, sums.ys, n * limbs);
  return ((coordinate[0] as number) & 1) === yParity;
}

/**
 * Sets entry at of `points` to the point with x = r (the first 32 bytes of rs) whose y has the
 * given parity; false when r is no point's x (r^3 + 7 has no square root mod p).
 */
function liftX(rs: Uint8Array, yParity: 0 | 1, points: PointBatch, at: number): boolean {
  const o = at * limbs;
  limbsFromBytes(rs, 0, points.xs, o);
  squareLimbs(lift, liftX3, points.xs, o);
  multiplyLimbs(lift, liftX3, lift, liftX3, points.xs, o);
  lift[liftX3] = (lift[liftX3] as number) + 7;
  sqrtLimbs(lift, liftY, lift, liftX3);
  // The root squared back must be x^3 + 7: compared in canonical form.
  squareLimbs(lift, liftCheck, lift, liftY);
  canonicalLimbs(lift, liftCheck, lift, liftCheck);
  canonicalLimbs(lift, 0, lift, liftX3);
  for (let l = 0; l < limbs; l++) if (lift[liftCheck + l] !== lift[l]) return false;
  canonicalLimbs(lift, liftY, lift, liftY);
  if (((lift[liftY] as number) & 1) !== yParity)
    for (let l = 0; l < limbs; l++) lift[liftY + l] = -(lift[liftY + l] as number);
  copyLimbs(points.ys, o, lift, liftY);
  normalizeLimbs(points.ys, o);
  points.state[at] = present;
  return true;
}

/**
 * A learned solver key, with what is built for it when first needed: wNAF precomputes for one
 * signature at a time (`precomputed`), the fixed table for batches (`table`); how many of the last
 * batch it confirmed (`hits`), and of every batch (`served`).
 */
type KnownKey = {
  point: Point;
  address: Address;
  precomputed?: Point;
  table?: FixedTable;
  hits: number;
  served: number;
};

// Per thread: G's wNAF precomputes, one per window (private copies, so noble's shared BASE point is
// untouched).
const generators = new Map<number, Point>();

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
 * doubling, no square root), added in affine coordinates where the field inversions of the whole
 * batch are shared (Montgomery's trick: one inversion and three multiplications each; still exact
 * arithmetic, on limbs in doubles: internal/fieldLimbs.ts). u1·G = (e/s)·G is built once and each
 * learned key adds its u2·Q to it, the key that confirmed most of the last batch first, so more
 * solvers cost one table walk each, not a whole check. x(T) and the parity of y(T) are compared
 * in canonical limbs. The signatures that are not confirmed are recovered together: R lifted
 * from r and v (the square root by an addition chain), then Q = (s/r)·(R - u1·G), which is
 * recovery's (s·R - e·G)/r with u1·G already at hand, by a shared 4-bit window walk with the
 * endomorphism. An addition that would need a special case (a point plus itself or its
 * negation) sends that one signature to noble's own `recoverPublicKey`. Nothing is
 * probabilistic; no signature is accepted on a combined check.
 *
 * Verdicts only (`batch(inputs, { signers: false })`, for a summary that never shows the signer
 * of a rejected signature): once every allowed solver's key is known, a signature that none of
 * them confirms comes back `false` (its signer is not allowed) without its key being worked out,
 * or null where it recovers to no key; see `rejectTogether`.
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
  narrowWindow = 10,
  widenAfter = 30_000,
  minBatch = 8,
}: CreateNobleRecoveryParameters): NobleRecovery {
  const known: KnownKey[] = [];
  const stats = { confirmed: 0, recovered: 0, rejected: 0 };

  const learn = (address: Address, point: Point) => {
    if (allowed.has(address.toLowerCase()) && !known.some((key) => key.address === address))
      known.push({ point: Point.fromAffine(point.toAffine()), address, hits: 0, served: 0 });
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

  // A batch table's window: narrow (cheap to build) until its table has served `widenAfter`
  // signatures in this thread, then `batchWindow` (fewer additions per signature).
  const narrow = Math.min(batchWindow, narrowWindow);
  const windowFor = (served: number) => (served >= widenAfter ? batchWindow : narrow);
  const tableOf = (key: KnownKey) => {
    const w = windowFor(key.served);
    if (key.table?.w !== w) key.table = fixedTable(key.point, w);
    return key.table;
  };
  // Each key in the order it is tried: the one that confirmed most of the last batch first.
  const ordered = () => [...known].sort((a, b) => b.hits - a.hits);

  /**
   * u1 * G = (e/s) * G for each of `pending` (indices into the batch), at the same position in
   * the returned batch, and u2 = r/s.
   */
  const generatorMultiples = (pending: number[], scalars: BatchScalars) => {
    const { r, s, e } = scalars;
    const sInverse = invertAll(
      pending.map((i) => s[i] as bigint),
      N,
    );
    const base = sparePointBatch("u1G", pending.length);
    addTableMultiples(
      base,
      generatorTable(windowFor(stats.confirmed)),
      pending.map((i, k) => ((e[i] as bigint) * (sInverse[k] as bigint)) % N),
    );
    const u2 = pending.map((i, k) => ((r[i] as bigint) * (sInverse[k] as bigint)) % N);
    return { base, u2 };
  };

  /**
   * Confirms what it can of `pending` against `keys`: T = u1 * G + u2 * Q, u1 * G taken from
   * `base` at `at[k]` and u2 * Q added per key; the entries a key confirms leave before the next
   * key is tried. Returns the rest, with their positions in `base`.
   */
  const tryKeys = (
    keys: KnownKey[],
    pending: number[],
    at: number[],
    { base, u2 }: ReturnType<typeof generatorMultiples>,
    { inputs, out }: BatchScalars,
  ): { pending: number[]; at: number[] } => {
    // r as the x coordinate T must have, in canonical limbs.
    const rLimbs = spareFloat64("r", pending.length * limbs);
    for (const [k, i] of pending.entries()) {
      limbsFromBytes((inputs[i] as RecoveryInput).rs, 0, rLimbs, k * limbs);
      canonicalLimbs(rLimbs, k * limbs, rLimbs, k * limbs);
    }
    let left = pending.map((_, k) => k);
    for (const key of keys) {
      key.hits = 0;
      if (left.length === 0) continue;
      const table = tableOf(key);
      const sums = sparePointBatch("T", left.length);
      const digits = spareInt32("u2", left.length * table.windows);
      for (const [n, k] of left.entries()) {
        const from = at[k] as number;
        copyLimbs(sums.xs, n * limbs, base.xs, from * limbs);
        copyLimbs(sums.ys, n * limbs, base.ys, from * limbs);
        sums.state[n] = base.state[from] as number;
        signedDigitsInto(u2[from] as bigint, table.w, table.windows, digits, n * table.windows);
      }
      addTableDigits(sums, table, digits);
      const kept: number[] = [];
      for (const [n, k] of left.entries()) {
        const i = pending[k] as number;
        if (sums.state[n] === present && matches(sums, n, rLimbs, k, (inputs[i] as RecoveryInput).yParity)) {
          out[i] = key.address;
          stats.confirmed++;
          key.hits++;
          key.served++;
        } else kept.push(k);
      }
      left = kept;
    }
    return { pending: left.map((k) => pending[k] as number), at: left.map((k) => at[k] as number) };
  };

  /**
   * Recovers `pending` together: Q = (s/r) * R + (-e/r) * G, R lifted from r and the parity.
   * When each entry's u1 * G = (e/s) * G is at hand (in `multiples`, at `at`), Q = (s/r) * (R - u1 * G)
   * instead, and the table walk for G is saved.
   */
  const recoverTogether = (
    pending: number[],
    scalars: BatchScalars,
    multiples?: { base: PointBatch; at: number[] },
  ): void => {
    const { r, s, e, inputs, out } = scalars;
    const points = sparePointBatch("R", pending.length);
    const lifted: number[] = [];
    const { index, offsets, negate } = pointLists(pending.length);
    for (const [k, i] of pending.entries()) {
      const input = inputs[i] as RecoveryInput;
      if (multiples && multiples.base.state[multiples.at[k] as number] !== present) {
        // Its u1 * G met a special case: noble recovers it.
        out[i] = recoverInFull(r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
        continue;
      }
      if (!liftX(input.rs, input.yParity, points, lifted.length)) {
        // r is no point's x: recovery throws, so no signer.
        stats.recovered++;
        out[i] = null;
        continue;
      }
      if (multiples) {
        index[lifted.length] = lifted.length;
        offsets[lifted.length] = (multiples.at[k] as number) * limbs;
        negate[lifted.length] = 1;
      }
      lifted.push(i);
    }
    if (multiples)
      addPoints(points, lifted.length, index, multiples.base.xs, multiples.base.ys, offsets, negate);
    const rInverse = invertAll(
      lifted.map((i) => r[i] as bigint),
      N,
    );
    const keys = multiplyPoints(
      points,
      lifted.map((i, k) => ((s[i] as bigint) * (rInverse[k] as bigint)) % N),
    );
    if (!multiples)
      addTableMultiples(
        keys,
        generatorTable(windowFor(stats.confirmed)),
        lifted.map((i, k) => ((N - (e[i] as bigint)) * (rInverse[k] as bigint)) % N),
      );
    const publicKey = new Uint8Array(65);
    publicKey[0] = 4;
    for (const [k, i] of lifted.entries()) {
      const input = inputs[i] as RecoveryInput;
      if (keys.state[k] !== present) {
        out[i] = recoverInFull(r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
        continue;
      }
      stats.recovered++;
      canonicalLimbs(coordinate, 0, keys.xs, k * limbs);
      canonicalToBytes(coordinate, 0, publicKey, 1);
      canonicalLimbs(coordinate, 0, keys.ys, k * limbs);
      canonicalToBytes(coordinate, 0, publicKey, 33);
      const address = publicKeyToAddress(publicKey);
      if (allowed.has(address.toLowerCase()) && !known.some((key) => key.address === address))
        learn(address, Point.fromBytes(publicKey));
      out[i] = address;
    }
  };

  /**
   * Verdicts only, once every allowed solver's key is known: `pending` were confirmed by none of
   * them, and recovery returns a key Q exactly when Q confirms the signature, so none of them
   * recovers to an allowed solver's key. Its recovered address could then be an allowed one only
   * if two keys shared an address (a collision of keccak-256 on 160 bits, which the whole address
   * scheme rests on no one finding); so each comes back `false`, signer not allowed, and the
   * variable-base walk that recovery needs (most of its cost) is saved. What is still told
   * exactly is whether it recovers at all: r must be a point's x (the square root, as recovery
   * lifts it), and s * R - e * G must not vanish, that is R must not be u1 * G (an R with the x of
   * u1 * G, or an entry whose u1 * G met a special case, goes to noble).
   */
  const rejectTogether = (
    pending: number[],
    scalars: BatchScalars,
    { base, at }: { base: PointBatch; at: number[] },
  ) => {
    const { r, s, inputs, out } = scalars;
    const lifted = sparePointBatch("rejected", 1);
    for (const [k, i] of pending.entries()) {
      const input = inputs[i] as RecoveryInput;
      const from = at[k] as number;
      if (base.state[from] !== present) {
        out[i] = recoverInFull(r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
        continue;
      }
      if (!liftX(input.rs, input.yParity, lifted, 0)) {
        // r is no point's x: recovery throws, so no signer.
        stats.recovered++;
        out[i] = null;
        continue;
      }
      canonicalLimbs(coordinate, 0, base.xs, from * limbs);
      canonicalLimbs(liftedX, 0, lifted.xs, 0);
      let sameX = true;
      for (let l = 0; l < limbs; l++) if (coordinate[l] !== liftedX[l]) sameX = false;
      if (sameX) {
        out[i] = recoverInFull(r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
        continue;
      }
      stats.rejected++;
      out[i] = false;
    }
  };

  const batch: BatchSignerRecovery = (inputs, { signers = true }: BatchRecoveryOptions = {}) => {
    if (inputs.length < minBatch) return inputs.map(recover);
    const count = inputs.length;
    const out = new Array<Address | null | false>(count);
    const scalars: BatchScalars = { r: [], s: [], e: [], inputs, out };
    for (const { rs, digest } of inputs) {
      const bytes = Buffer.from(rs.buffer, rs.byteOffset, 64);
      scalars.r.push(BigInt(`0x${bytes.toString("hex", 0, 32)}`));
      scalars.s.push(BigInt(`0x${bytes.toString("hex", 32, 64)}`));
      // A digest is below 2^256 < 2n: one subtraction reduces it, and most need none (no new BigInt).
      const e = toBigInt(digest);
      scalars.e.push(e >= N ? e - N : e);
    }
    let pending = inputs.map((_, i) => i);
    let at = pending.slice();
    let multiples: ReturnType<typeof generatorMultiples> | undefined;
    const tried = new Set<KnownKey>();
    // Confirm against every key known; while most of the batch is left and a solver's key is not
    // yet known, recover one signature alone: the key it may teach confirms the rest far more
    // cheaply than recovering them. (So a thread's first batch learns its solvers' keys without
    // recovering the whole batch.)
    for (let fruitless = 0; ; ) {
      const fresh = ordered().filter((key) => !tried.has(key));
      if (fresh.length > 0 && pending.length > 0) {
        if (multiples === undefined) {
          multiples = generatorMultiples(pending, scalars);
          at = pending.map((_, k) => k);
        }
        ({ pending, at } = tryKeys(fresh, pending, at, multiples, scalars));
        for (const key of fresh) tried.add(key);
      }
      // Nothing left to learn once every allowed solver's key is known.
      if (
        pending.length < minBatch ||
        pending.length * 4 < count ||
        fruitless === 2 ||
        known.length >= allowed.size
      )
        break;
      const i = pending.shift() as number;
      at.shift();
      const before = known.length;
      const input = inputs[i] as RecoveryInput;
      out[i] = recoverInFull(scalars.r[i] as bigint, scalars.s[i] as bigint, input.yParity, input.digest);
      fruitless = known.length > before ? 0 : fruitless + 1;
    }
    if (!signers && multiples !== undefined && allowed.size > 0 && known.length >= allowed.size)
      rejectTogether(pending, scalars, { base: multiples.base, at });
    else if (pending.length < minBatch)
      for (const i of pending) {
        const input = inputs[i] as RecoveryInput;
        out[i] = recoverInFull(scalars.r[i] as bigint, scalars.s[i] as bigint, input.yParity, input.digest);
      }
    else recoverTogether(pending, scalars, multiples && { base: multiples.base, at });
    return out;
  };

  return Object.assign(recover, { stats, batch });
}
