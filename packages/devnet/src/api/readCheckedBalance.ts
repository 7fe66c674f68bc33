import type { Address } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import { readBalance } from "../chains/readBalance.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";

/** A balance read for a reindex: undefined when the read failed. */
export type CheckedBalance = { currency: DevnetCurrency; balance: bigint | undefined };

/**
 * Reads an owner's balance of one currency for a reindex, a failed read kept as a failure (counted
 * as `failedCurrencies`) rather than thrown, so the other currencies are still checked.
 *
 * @param parameters - The chain's JSON-RPC, the currency and the owner.
 * @returns The currency and its balance, or undefined as the balance when the read failed.
 * @example
 * await readCheckedBalance({ request: chain.request, currency: usdc, owner: depositAddress })
 */
export async function readCheckedBalance({
  request,
  currency,
  owner,
}: {
  request: ChainRequest;
  currency: DevnetCurrency;
  owner: Address;
}): Promise<CheckedBalance> {
  try {
    return { currency, balance: await readBalance({ request, currency: currency.address, owner }) };
  } catch {
    return { currency, balance: undefined };
  }
}
