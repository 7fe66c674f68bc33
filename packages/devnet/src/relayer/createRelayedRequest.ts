import { type Address, type Hex, zeroAddress } from "viem";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import type { DevnetRequest } from "../state/types.js";

export type CreateRelayedRequestParameters = {
  requestId: Hex;
  /** The caller's API key: its webhook endpoint gets the request's events. */
  apiKey: string;
  /** `executionOptions.referrer`. */
  referrer: string;
  chainId: number;
  /** The account the execution is for: the signer of its first EIP-7702 authorization, else the call's target. */
  user: Address;
  relayer: Address;
  to: Address;
  data: Hex;
  /** Wei. */
  value: bigint;
  /** Creation time, ms. */
  createdAt: number;
};

/**
 * Builds the request of a gasless execution (`POST /execute` without a quote's `requestId`): `waiting`
 * on the call's chain (origin and destination alike), for `user`, delivering to the call's target
 * (`recipient`) the call's `value` in the native currency (`amountIn` = `amountOut`), with the relayed
 * call (`relayed`) and no quote, order or deposit: the coin invariant has nothing of it to account for.
 *
 * @param parameters - {@link CreateRelayedRequestParameters}
 * @returns The record, ready for `store.create`.
 * @example
 * store.create(createRelayedRequest({ requestId, apiKey, referrer, chainId, user, relayer, to, data, value: 0n, createdAt: Date.now() }))
 */
export function createRelayedRequest({
  chainId,
  relayer,
  to,
  data,
  value,
  user,
  ...fields
}: CreateRelayedRequestParameters): DevnetRequest {
  return {
    ...createDevnetRequest({
      ...fields,
      status: "waiting",
      originChainId: chainId,
      destinationChainId: chainId,
      user,
      recipient: to,
      refundTo: user,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amountIn: value,
      amountOut: value,
    }),
    relayed: { relayer, to, data, value },
  };
}
