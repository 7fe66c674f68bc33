import { toOutputScript } from "attestkit/chains";
import { classifyOutputScript } from "../classifyOutputScript.js";
import { bitcoinRules } from "../constants.js";
import type { BitcoinWallet } from "../deriveBitcoinWallet.js";
import { InvalidBitcoinParameterError } from "../errors.js";

export type PlanGenesisPayoutsParameters = {
  /** Wallets funded at genesis (each of their two addresses). */
  wallets: readonly BitcoinWallet[];
  /** Satoshis paid to each wallet address. */
  walletBalance: bigint;
  /** More outputs paid at genesis. */
  funding: readonly { address: string; amount: bigint }[];
};

/**
 * The outputs of the genesis coinbase: `walletBalance` to the P2WPKH and the P2TR address of each
 * wallet, then each `funding` output. Each amount must be a positive bigint at or above its script's
 * dust threshold, and all of them at most 21,000,000 BTC; else an `InvalidBitcoinParameterError`
 * names the field (`walletBalance`, `funding[i].amount`, `funding`).
 *
 * @param parameters - {@link PlanGenesisPayoutsParameters}
 * @returns The payouts, in coinbase order.
 * @example
 * const payouts = planGenesisPayouts({ wallets: bitcoinTestWallets, walletBalance: 1_000_000_000n, funding: [] })
 */
export function planGenesisPayouts({
  wallets,
  walletBalance,
  funding,
}: PlanGenesisPayoutsParameters): { script: Uint8Array; amount: bigint }[] {
  const payouts = [
    ...wallets.flatMap((wallet) =>
      [wallet.p2wpkhAddress, wallet.p2trAddress].map((address) => ({
        field: "walletBalance",
        script: toOutputScript({ address }),
        amount: walletBalance,
      })),
    ),
    ...funding.map(({ address, amount }, i) => ({
      field: `funding[${i}].amount`,
      script: toOutputScript({ address }),
      amount,
    })),
  ];
  let total = 0n;
  for (const { field, script, amount } of payouts) {
    if (typeof amount !== "bigint" || amount <= 0n)
      throw new InvalidBitcoinParameterError({ field, reason: "not-a-positive-integer", value: amount });
    const dust = classifyOutputScript(script).dustThreshold;
    if (amount < dust)
      throw new InvalidBitcoinParameterError({
        field,
        reason: "below-dust",
        value: amount,
        expected: `at least ${dust} satoshis`,
      });
    total += amount;
  }
  if (total > bitcoinRules.maxMoney)
    throw new InvalidBitcoinParameterError({
      field: "funding",
      reason: "too-large",
      value: total,
      expected: "at most 21,000,000 BTC in all",
    });
  return payouts;
}
