import type { Address } from "viem";

/** The live service's attesting solver: one EVM account, the same on every chain. */
export const solverAddress: Address = "0xf70da97812cb96acdf810712aa562db8dfa3dbef";

/** Solvers trusted when the caller names none. */
export const defaultSolvers: readonly Address[] = [solverAddress];

/** Chain ids of the service's non-EVM chains. */
export const chainIds = {
  bitcoin: 8253038,
  solana: 792703809,
  eclipse: 9286185,
  tron: 728126428,
  hyperliquid: 1337,
  lighter: 3586256,
} as const;

/** secp256k1 group order n. */
export const secp256k1N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** n / 2: the largest `s` a non-malleable signature may carry. */
export const secp256k1HalfN = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * The layout rule's bound, 2^53 - 1: chain-id words are at most this, account words above it, so
 * the seven words of a v1 tuple never also form a valid v2 tuple (see `AttestationLib.sol`).
 */
export const maxChainId = 2n ** 53n - 1n;
