import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { Address } from "viem";
import type { NoblePoint, NobleRecoveryState } from "./nobleRecoveryState.js";

const { Point } = secp256k1;

/**
 * Keeps a recovered key for confirming later signatures, when its address is an allowed solver's
 * and not yet known; any other key is dropped (confirming against it could only ever name a
 * signer that is not allowed).
 *
 * @param state - The recovery's state; `known` grows by one key at most.
 * @param address - The key's EIP-55 address (compared as given, lowercased for `allowed`).
 * @param point - The key; a private copy is kept, so precomputes built on it stay this recovery's.
 * @returns Nothing. Never throws.
 * @example
 * learnSolverKey(state, publicKeyToAddress(bytes), secp256k1.Point.fromBytes(bytes))
 */
export function learnSolverKey(state: NobleRecoveryState, address: Address, point: NoblePoint): void {
  const { allowed, known } = state;
  if (allowed.has(address.toLowerCase()) && !known.some((key) => key.address === address))
    known.push({ point: Point.fromAffine(point.toAffine()), address, hits: 0, served: 0 });
}
