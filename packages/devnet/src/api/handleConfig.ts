import type { ConfigRequest, responseSchemas } from "attestkit/schemas";
import { type Address, isAddress } from "viem";
import type * as z from "zod";
import { readBalance } from "../chains/readBalance.js";
import { DevnetApiError } from "../errors.js";
import { AmountTooLowError, computeQuoteAmounts } from "../quote/computeQuoteAmounts.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import {
  bitcoinQuoteChain,
  type ExternalQuoteChain,
  exchangeQuoteChain,
} from "../quote/externalQuoteChains.js";
import { findQuoteRoute } from "../quote/quoteRoutes.js";
import { listDevnetCurrencies } from "./listDevnetCurrencies.js";
import type { DevnetContext } from "./types.js";

/** What `GET /config/v2` reads of the devnet: its chains, currencies, solver, Bitcoin, the exchange and the incidents. */
export type ConfigDeps = Pick<
  DevnetContext,
  "chains" | "currencies" | "solver" | "bitcoin" | "exchange" | "incidents"
>;

export type HandleConfigParameters = {
  context: ConfigDeps;
  /** The validated query. */
  query: ConfigRequest;
};

/**
 * Answers `GET /config/v2` (the official SDK's types) for a pair of the devnet's chains and a currency
 * (a currency id such as `eth`, `usdc`, `btc`; default the destination's native currency, or its one
 * currency on the exchange), on each chain that currency or, where the chain has none, its own native
 * (or only) currency (BTC to ETH is a swap the devnet quotes): `enabled` when the devnet has a route
 * between them, one of the two is the currency named and
 * no incident switched either chain off; with `user`, the user's balance of the currency on the origin
 * (Bitcoin by the interface's balance rule, the exchange's USDC-perp) and `maxBridgeAmount`, what
 * bridging it all would deliver after the devnet's fees; `fee`, those fees in the origin currency
 * (of the whole balance with `user`, else of one whole unit); `solver`, its address on the destination
 * and what it holds to fill there (native: its own balance; tokens: the depository's), which is also
 * its `capacityPerRequest` (the devnet has no per-request cap). `supportsExternalLiquidity` is false.
 *
 * @param parameters - {@link HandleConfigParameters}
 * @returns The configuration.
 * @throws DevnetApiError 400 `INVALID_ADDRESS` for a `user` that is not an address of the origin chain.
 * @example
 * c.json(await handleConfig({ context, query: { originChainId: "31337", destinationChainId: "31338" } }))
 */
export async function handleConfig({ context, query }: HandleConfigParameters) {
  const originChainId = Number(query.originChainId);
  const destinationChainId = Number(query.destinationChainId);
  const currencies = listDevnetCurrencies(context);
  const on = (chainId: number, groupID: string | undefined) => {
    const listed = currencies.filter((currency) => currency.chainId === chainId);
    if (groupID !== undefined) return listed.find((currency) => currency.groupID === groupID);
    return listed.find((currency) => currency.isNative) ?? (listed.length === 1 ? listed[0] : undefined);
  };
  // The currency on each chain, or that chain's own (its native currency, or its one currency): a
  // route between two currencies (ETH to BTC) is a swap the devnet quotes.
  const currencyOut = on(destinationChainId, query.currency) ?? on(destinationChainId, undefined);
  const currencyIn =
    on(originChainId, query.currency ?? currencyOut?.groupID) ?? on(originChainId, undefined);
  const named =
    query.currency === undefined ||
    [currencyIn, currencyOut].some((currency) => currency?.groupID === query.currency);
  const disabled = [originChainId, destinationChainId].some(
    (chainId) => context.incidents?.get(chainId)?.disabled === true,
  );
  if (!currencyIn || !currencyOut || !named || disabled || !hasRoute(originChainId, destinationChainId))
    return { enabled: false, supportsExternalLiquidity: false } satisfies z.input<
      typeof responseSchemas.config
    >;

  const external = (chainId: number): ExternalQuoteChain | undefined =>
    [bitcoinQuoteChain, exchangeQuoteChain].find((chain) => chain.currency.chainId === chainId);
  const price = (amount: bigint) => {
    try {
      const { amountOut, fees } = computeQuoteAmounts({
        tradeType: "EXACT_INPUT",
        amount,
        currencyIn,
        currencyOut,
      });
      return { amountOut, fee: fees.relayerService + fees.relayerGas };
    } catch (error) {
      if (error instanceof AmountTooLowError) return { amountOut: 0n, fee: amount };
      throw error;
    }
  };

  let user: { balance: string; maxBridgeAmount: string } | undefined;
  let fee = price(10n ** BigInt(currencyIn.decimals)).fee;
  if (query.user !== undefined) {
    const balance = await balanceOf(context, originChainId, currencyIn, query.user, external(originChainId));
    // The exchange charges its execution fee on top of the transfer.
    const spendable = balance - (external(originChainId)?.depositFee ?? 0n);
    const { amountOut, fee: balanceFee } = spendable > 0n ? price(spendable) : { amountOut: 0n, fee: 0n };
    user = { balance: balance.toString(), maxBridgeAmount: amountOut.toString() };
    fee = balanceFee;
  }
  const destination = external(destinationChainId);
  const solver = destination
    ? {
        address: destination.depository(context),
        balance: destination.balanceOf(context, destination.depository(context)),
      }
    : await evmSolver(context, destinationChainId, currencyOut);
  return {
    enabled: true,
    ...(user ? { user } : {}),
    fee: fee.toString(),
    solver: {
      address: solver.address,
      balance: solver.balance.toString(),
      capacityPerRequest: solver.balance.toString(),
    },
    supportsExternalLiquidity: false,
  } satisfies z.input<typeof responseSchemas.config>;
}

/** Whether the route table has the pair (`findQuoteRoute` throws for any other). */
function hasRoute(originChainId: number, destinationChainId: number): boolean {
  try {
    findQuoteRoute({ originChainId, destinationChainId });
    return true;
  } catch {
    return false;
  }
}

/** What `user` holds of `currency` on the origin: an EVM balance, or by the external chain's rule. */
async function balanceOf(
  context: ConfigDeps,
  chainId: number,
  currency: DevnetCurrency,
  user: string,
  external: ExternalQuoteChain | undefined,
): Promise<bigint> {
  const invalid = (what: string) =>
    new DevnetApiError({ status: 400, errorCode: "INVALID_ADDRESS", message: `user must be ${what}.` });
  if (external) {
    if (!external.isAddress(user)) throw invalid(`${external.address} on chain ${chainId}`);
    return external.balanceOf(context, user);
  }
  const chain = context.chains.get(chainId);
  if (!chain || !isAddress(user, { strict: false })) throw invalid(`an EVM address on chain ${chainId}`);
  return readBalance({ request: chain.request, currency: currency.address, owner: user as Address });
}

/** The solver on an EVM destination, and what it fills from there: its own ETH, the depository's tokens. */
async function evmSolver(context: ConfigDeps, chainId: number, currency: DevnetCurrency) {
  const chain = context.chains.get(chainId);
  if (!chain) return { address: context.solver.address, balance: 0n };
  const owner = currency.isNative ? context.solver.address : chain.contracts.depository;
  return {
    address: context.solver.address,
    balance: await readBalance({ request: chain.request, currency: currency.address, owner }),
  };
}
