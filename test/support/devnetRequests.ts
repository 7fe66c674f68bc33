// A quoted devnet request for the solver's decision tables, one fixture for all of them.
import type { Address } from "viem";
import { nativeCurrencyAddress } from "../../packages/devnet/src/constants.js";
import { createDevnetRequest } from "../../packages/devnet/src/state/createDevnetRequest.js";
import type { DevnetRequest } from "../../packages/devnet/src/state/types.js";

/**
 * A request as a quote stores it (`waiting`): 100 of the origin's native currency in, 90 out, from
 * 31337 to 31338, a ttl of a minute, refunds to its refund address; `patch` changes any field.
 */
export function quotedRequest(patch: Partial<DevnetRequest> = {}): DevnetRequest {
  const createdAt = patch.createdAt ?? 1_000_000;
  return {
    ...createDevnetRequest({
      requestId: `0x${"11".repeat(32)}`,
      status: "waiting",
      apiKey: "key",
      referrer: "app",
      originChainId: 31337,
      destinationChainId: 31338,
      user: "0x000000000000000000000000000000000000a5E1" as Address,
      recipient: "0x000000000000000000000000000000000000bEEF" as Address,
      refundTo: "0x000000000000000000000000000000000000Cafe" as Address,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amountIn: 100n,
      amountOut: 90n,
      createdAt,
      expiresAt: createdAt + 60_000,
    }),
    ...patch,
  };
}
