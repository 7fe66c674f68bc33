import { externalExchange } from "attestkit/chains";
import { devnetExchangeSlug, exchangePathPrefix } from "../constants.js";
import { exchangeSolverAccount, exchangeTestAccounts } from "../exchange/constants.js";
import type { ExchangeLedger } from "../exchange/createExchangeLedger.js";
import type { OverviewAccount, OverviewBalance, OverviewChain } from "./types.js";

/** The exchange's part of the overview. */
export type OverviewExchangeReturnType = {
  chain: OverviewChain;
  /** The test accounts, then the relayer. */
  accounts: OverviewAccount[];
};

/**
 * The devnet's external exchange in the overview: a ledger without blocks (no height, no mining),
 * the transfers it recorded, and its test accounts and the relayer (the solver's account) with their
 * USDC balances, read from memory.
 *
 * @param ledger - The exchange's ledger.
 * @param url - The devnet's URL (its transfer API is under it).
 * @returns The chain and its accounts. {@link OverviewExchangeReturnType}
 * @example
 * const { chain, accounts } = overviewExchange(context.exchange.ledger, context.url)
 */
export function overviewExchange(ledger: ExchangeLedger, url: string): OverviewExchangeReturnType {
  const usdc = (accountIndex: number): OverviewBalance[] => [
    {
      chainId: externalExchange.chainId,
      symbol: externalExchange.symbol,
      decimals: externalExchange.decimals,
      amount: ledger.balance({ accountIndex, assetIndex: 0 }).toString(),
    },
  ];
  const relayer = exchangeSolverAccount.accountIndex;
  return {
    chain: {
      chainId: externalExchange.chainId,
      name: devnetExchangeSlug,
      vmType: "lvm",
      role: "exchange",
      url: `${url}${exchangePathPrefix}`,
      height: null,
      mining: "none",
      pending: ledger.transfers().length,
    },
    accounts: [
      ...exchangeTestAccounts.map(({ accountIndex }, index) => ({
        label: `test ${index}`,
        role: "test" as const,
        vmType: "lvm" as const,
        address: String(accountIndex),
        balances: usdc(accountIndex),
      })),
      { label: "relayer", role: "relayer", vmType: "lvm", address: String(relayer), balances: usdc(relayer) },
    ],
  };
}
