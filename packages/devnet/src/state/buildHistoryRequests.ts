import { type Address, getAddress, type Hex, keccak256, slice, toHex } from "viem";
import { createDevnetRequest } from "./createDevnetRequest.js";
import type { DevnetRequest } from "./types.js";

export type BuildHistoryRequestsParameters = {
  /** How many requests. */
  count: number;
  /** Names the history: the same seed and index always give the same request id and user. */
  seed: string;
  /** Creation time of the newest request, ms. */
  endAt: number;
  /** Time between two requests' creation, ms (0: all created at `endAt`). */
  spacingMs: number;
  originChainId: number;
  destinationChainId: number;
  /** What every request pays in on the origin chain, and receives on the destination (a bridge of one currency). */
  originCurrency: Address;
  destinationCurrency: Address;
  /** The currency's decimals: amounts run from 1 to 1,000 whole units. */
  decimals: number;
  /** The requests' user (and recipient): one address for all, or undefined for `users` addresses derived from the seed, in turn. */
  user: Address | undefined;
  /** How many users the history has when `user` is not given. */
  users: number;
  /** The API key the requests were quoted with (its `apiKey` filter), if any. */
  apiKey: string | undefined;
  /** The quotes' `referrer`. */
  referrer: string | null;
};

/**
 * Builds a history of settled requests, oldest first, for a devnet to list and attest: request `i`
 * has id `keccak256("<seed>:<i>")`, was created `spacingMs` after request `i - 1` (the newest at
 * `endAt`), bridged `(i mod 1000) + 1` whole units of the currency from its user to the same address
 * on the destination chain (the output 0.1 % less), and is `success`. Synthetic: no quote, deposit or
 * fill stands behind it (no transaction hashes, no order), only the record; the attestation the
 * devnet signs for it is as real as any other. Pure.
 *
 * @param parameters - {@link BuildHistoryRequestsParameters}
 * @returns The records, ready for `store.importHistory`.
 * @example
 * store.importHistory(buildHistoryRequests({ count: 2000, seed: "history", endAt: Date.now(), spacingMs: 1000, ... }))
 */
export function buildHistoryRequests(parameters: BuildHistoryRequestsParameters): DevnetRequest[] {
  const { count, seed, endAt, spacingMs, user, users, decimals } = parameters;
  const derived = Array.from({ length: user ? 0 : users }, (_, k) =>
    getAddress(slice(keccak256(toHex(`${seed}:user:${k}`)), 12)),
  );
  const unit = 10n ** BigInt(decimals);
  return Array.from({ length: count }, (_, i) => {
    const owner = user ?? (derived[i % derived.length] as Address);
    const amountIn = BigInt((i % 1000) + 1) * unit;
    const createdAt = endAt - (count - 1 - i) * spacingMs;
    const request = createDevnetRequest({
      requestId: keccak256(toHex(`${seed}:${i}`)) as Hex,
      status: "pending",
      apiKey: parameters.apiKey,
      referrer: parameters.referrer,
      originChainId: parameters.originChainId,
      destinationChainId: parameters.destinationChainId,
      user: owner,
      recipient: owner,
      refundTo: owner,
      originCurrency: parameters.originCurrency,
      destinationCurrency: parameters.destinationCurrency,
      amountIn,
      amountOut: amountIn - amountIn / 1000n,
      createdAt,
    });
    return { ...request, status: "success", history: [{ status: "success", at: createdAt }] };
  });
}
