import type { secp256k1 } from "@noble/curves/secp256k1.js";
import type { Address } from "viem";
import type { FixedTable } from "./internal/fixedTable.js";
import type { PointBatch } from "./internal/pointBatch.js";
import type { RecoveryInput } from "./types.js";

/** A point of secp256k1 as noble gives it (projective coordinates). */
export type NoblePoint = InstanceType<typeof secp256k1.Point>;

/**
 * A learned solver key, with what is built for it when first needed: wNAF precomputes for one
 * signature at a time (`precomputed`), the fixed table for batches (`table`); how many of the last
 * batch it confirmed (`hits`), and of every batch (`served`).
 */
export type KnownSolverKey = {
  /** The public key Q, a private copy (noble caches precomputes on a point). */
  point: NoblePoint;
  /** Its EIP-55 address. */
  address: Address;
  /** Q with its wNAF precomputes for `NobleRecoveryState.window`. */
  precomputed?: NoblePoint;
  /** Q's fixed table for batches, of the window `batchTableWindow` gives. */
  table?: FixedTable;
  /** Signatures of the last batch it confirmed. */
  hits: number;
  /** Signatures of every batch it confirmed, in this thread. */
  served: number;
};

/**
 * One recovery's settings and what it has learned: the object every step of `createNobleRecovery`
 * takes (its closures lifted out), so the steps are plain functions of their inputs.
 */
export type NobleRecoveryState = {
  /** Lowercase addresses of the allowed solvers. */
  readonly allowed: ReadonlySet<string>;
  /** The allowed solvers' keys learned so far, the one that confirmed last first. */
  readonly known: KnownSolverKey[];
  /** How each signer was found (see `NobleRecovery.stats`). */
  readonly stats: { confirmed: number; recovered: number; rejected: number };
  /** wNAF window of the one-at-a-time precomputes (bits). */
  readonly window: number;
  /** Window of a batch table once it has served `widenAfter` signatures (bits). */
  readonly batchWindow: number;
  /** Window of a batch table before that: at most `batchWindow` (bits). */
  readonly narrowWindow: number;
  /** Signatures a batch table serves before it is widened. */
  readonly widenAfter: number;
  /** Batches of fewer signatures than this go one at a time. */
  readonly minBatch: number;
};

/** A batch's signatures as numbers, and where their signers go. */
export type BatchScalars = {
  /** r of each signature, as the integer its 32 bytes spell (big-endian). */
  r: bigint[];
  /** s of each signature, likewise. */
  s: bigint[];
  /** Each digest as an integer, reduced mod n. */
  e: bigint[];
  /** The batch as given. */
  inputs: readonly RecoveryInput[];
  /** Each signature's signer as it is found: an address, null (none) or false (not allowed). */
  out: (Address | null | false)[];
};

/** u1 * G = (e/s) * G of each pending signature, in a batch of points, and u2 = r/s mod n. */
export type GeneratorMultiples = {
  /** u1 * G of pending signature k at entry k (its state says whether the sum met a special case). */
  base: PointBatch;
  /** u2 of pending signature k at index k. */
  u2: bigint[];
};
