import type { InspectedRequest } from "../schemas/index.js";

/** One disagreement between what the chain shows and what was signed or ordered. */
export type Mismatch = { field: string; against: string; expected: string; actual: string };

/** A disagreement the request's end accounts for: refunded or failed for that very reason (`by`, a `failReason`). */
export type ExplainedMismatch = Mismatch & { by: string };

/**
 * Why a part of a request could not be judged:
 * - `no-attestation`: the service has no attestation (v1 or v2) for the request (yet);
 * - `unsupported-vm`: a field is on a VM with no published bytes32 encoding, and no encoder was given;
 * - `account-word`: the attestation layout rule refuses an account's word (it would read as a chain id);
 * - `not-evm`: the transaction is on a chain of another VM (Bitcoin, Solana, the exchange), which an
 *   EVM RPC cannot read;
 * - `no-rpc-url`: no JSON-RPC URL was given for the chain;
 * - `rpc-failed`: the chain's RPC failed or did not answer;
 * - `no-deposit-yet`: the request is still open and no deposit was seen.
 */
export type UnjudgedReason =
  | "no-attestation"
  | "unsupported-vm"
  | "account-word"
  | "not-evm"
  | "no-rpc-url"
  | "rpc-failed"
  | "no-deposit-yet";

/** A part of the request that could not be judged, and why (it never takes the report down). */
export type UnjudgedPart = {
  /** The part: `attestation v1`, `attestation v2`, `deposit` or `fill 0x…`. */
  part: string;
  reason: UnjudgedReason;
  /** What happened, in words, naming the chain and the RPC URL where there is one. */
  message: string;
  /** The chain concerned, when there is one. */
  chainId?: number;
  /** The RPC URL that failed, for `rpc-failed`. */
  url?: string;
};

/** What a devnet keeps of a request (`GET /devnet/requests/{id}`), with its verdicts when it gives them. */
export type DevnetRequestView = InspectedRequest & {
  verdicts?: Record<string, { valid: boolean; signer: string | null; reason?: string } | null>;
  reading?: unknown;
};
