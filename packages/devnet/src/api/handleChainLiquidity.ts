import type { ChainLiquidityRequest, responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { DevnetApiError } from "../errors.js";
import { atMarketPrice } from "../prices/atMarketPrice.js";
import { listDevnetCurrencies } from "./listDevnetCurrencies.js";
import { type ReadSolverBalanceDeps, readSolverBalance } from "./readSolverBalance.js";
import { toUsd } from "./renderAmount.js";
import type { DevnetContext } from "./types.js";

/** What `GET /chains/liquidity` reads of the devnet: its currencies, the solver's balances, the market. */
export type ChainLiquidityDeps = ReadSolverBalanceDeps & Pick<DevnetContext, "currencies" | "prices">;

export type HandleChainLiquidityParameters = {
  context: ChainLiquidityDeps;
  /** The validated query. */
  query: ChainLiquidityRequest;
};

/**
 * Answers `GET /chains/liquidity` (the official SDK's API types) from the devnet's solver: for each
 * currency the devnet lists on the chain, what the solver holds to fill with (`readSolverBalance`,
 * read from the chain now) and its USD value at the market's price now.
 *
 * @param parameters - {@link HandleChainLiquidityParameters}
 * @returns `{ liquidity: [{ chainId, currencyId, symbol, address, decimals, balance, amountUsd }] }`.
 * @throws DevnetApiError 400 `UNSUPPORTED_CHAIN` for a chain the devnet does not run.
 * @example
 * c.json(await handleChainLiquidity({ context, query: { chainId: "31338" } }))
 */
export async function handleChainLiquidity({ context, query }: HandleChainLiquidityParameters) {
  const chainId = Number(query.chainId);
  const currencies = listDevnetCurrencies(context).filter((currency) => currency.chainId === chainId);
  if (currencies.length === 0)
    throw new DevnetApiError({
      status: 400,
      errorCode: "UNSUPPORTED_CHAIN",
      message: `Chain ${chainId} is not running on this devnet.`,
    });
  const liquidity = await Promise.all(
    currencies.map(async (currency) => {
      const balance = await readSolverBalance(context, currency);
      return {
        chainId,
        currencyId: currency.groupID,
        symbol: currency.symbol,
        address: currency.address,
        decimals: currency.decimals,
        balance: balance.toString(),
        amountUsd: toUsd({ currency: atMarketPrice(context.prices, currency), amount: balance }),
      };
    }),
  );
  return { liquidity } satisfies z.input<typeof responseSchemas.chainLiquidity>;
}
