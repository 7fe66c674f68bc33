import type { DepositAddressInfo, DevnetRequest } from "../state/types.js";
import { sameIgnoringCase } from "./sameIgnoringCase.js";

/** A request quoted with a deposit address, and that address. */
export type RequestWithDepositAddress = DevnetRequest & { depositAddress: DepositAddressInfo };

export type FindDepositAddressRequestParameters = {
  /** Every request the devnet holds. */
  requests: readonly DevnetRequest[];
  /** The deposit address (compared without regard to case). */
  address?: string | undefined;
  /** The request the address was made for. */
  requestId?: string | undefined;
  /** The chain the address was made on (the request's origin), when it must match. */
  chainId?: number | undefined;
};

/**
 * The request a deposit address was made for (a quote with `useDepositAddress`), found by the address
 * or by the request id, and on `chainId` when one is given.
 *
 * @param parameters - {@link FindDepositAddressRequestParameters}
 * @returns The request with its deposit address, or undefined when none matches.
 * @example
 * findDepositAddressRequest({ requests: store.all(), address, chainId: 31337 })?.requestId
 */
export function findDepositAddressRequest({
  requests,
  address,
  requestId,
  chainId,
}: FindDepositAddressRequestParameters): RequestWithDepositAddress | undefined {
  return requests.find(
    (request): request is RequestWithDepositAddress =>
      request.depositAddress !== undefined &&
      (address === undefined || sameIgnoringCase(request.depositAddress.address, address)) &&
      (requestId === undefined || sameIgnoringCase(request.requestId, requestId)) &&
      (chainId === undefined || request.originChainId === chainId),
  );
}
