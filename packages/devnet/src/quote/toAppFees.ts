import type { QuoteRequest } from "attestkit/schemas";
import { type Address, getAddress, isAddress } from "viem";

/** One `appFees` item: who it is for (undefined when it names no EVM address) and its basis points. */
export type AppFee = { recipient: Address | undefined; bps: bigint };

/**
 * The app fees, as the request schema checked them: an EVM `recipient` is paid (checksummed); any
 * other leaves the fee to the solver. `fee` is in basis points of the input.
 *
 * @param appFees - The request's `appFees`, if any.
 * @returns The fees, in order. {@link AppFee}
 * @example
 * toAppFees([{ recipient: "0xabc…", fee: "25" }]) // [{ recipient: "0xAbC…", bps: 25n }]
 */
export function toAppFees(appFees: QuoteRequest["appFees"]): AppFee[] {
  return (appFees ?? []).map(({ recipient, fee }) => ({
    recipient:
      typeof recipient === "string" && isAddress(recipient, { strict: false })
        ? getAddress(recipient)
        : undefined,
    bps: BigInt(fee),
  }));
}
