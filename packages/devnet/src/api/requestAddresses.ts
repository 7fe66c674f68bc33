import type { DevnetRequest } from "../state/types.js";

/**
 * Every address a request involves, as the listings search them: the quote's `user`, the depositor
 * its deposit credits (the record's `sender`: the payer's own account, or whoever the depositor named
 * in `depositNative` / `depositErc20`), the `recipient`, the refund address `refundTo`, and with a
 * deposit address that address and its depositor. In that order, with repeats; a request without a
 * deposit has no depositor. Pure.
 *
 * @param request - The request.
 * @returns Its addresses, as stored (any case; Bitcoin and exchange requests hold their own forms).
 * @example
 * requestAddresses(request).some((address) => sameIgnoringCase(address, query.user))
 */
export function requestAddresses(request: DevnetRequest): string[] {
  const addresses: (string | undefined)[] = [
    request.user,
    request.deposit?.from,
    request.recipient,
    request.refundTo,
    request.depositAddress?.address,
    request.depositAddress?.depositor,
  ];
  return addresses.filter((address): address is string => address !== undefined && address !== "");
}
