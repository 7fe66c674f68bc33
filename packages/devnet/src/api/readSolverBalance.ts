import type { Address } from "viem";
import { readBalance } from "../chains/readBalance.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { bitcoinQuoteChain, exchangeQuoteChain } from "../quote/externalQuoteChains.js";
import type { DevnetContext } from "./types.js";

/** What the solver's balances read of the devnet: its chains, its solver, Bitcoin and the exchange. */
export type ReadSolverBalanceDeps = Pick<DevnetContext, "chains" | "solver" | "bitcoin" | "exchange">;

/**
 * What the devnet's solver holds of a currency to fill with, as `GET /config/v2` reports it: on an
 * EVM chain its own native balance, and for a token the depository's balance (the solver fills
 * tokens out of it); on Bitcoin its wallet's balance by the interface's rule; on the exchange the
 * relayer account's USDC-perp.
 *
 * @param context - {@link ReadSolverBalanceDeps}
 * @param currency - A currency the devnet lists.
 * @returns The balance in the currency's smallest unit; 0 on a chain the devnet does not run.
 * @example
 * await readSolverBalance(context, usdc) // 1000000000000n
 */
export async function readSolverBalance(
  context: ReadSolverBalanceDeps,
  currency: DevnetCurrency,
): Promise<bigint> {
  const external = [bitcoinQuoteChain, exchangeQuoteChain].find(
    (chain) => chain.currency.chainId === currency.chainId && context[chain.part] !== undefined,
  );
  if (external) return external.balanceOf(context, external.depository(context));
  const chain = context.chains.get(currency.chainId);
  if (!chain) return 0n;
  const owner: Address = currency.isNative ? context.solver.address : chain.contracts.depository;
  return readBalance({ request: chain.request, currency: currency.address, owner });
}
