import type { Address } from "viem";
import { devnetSponsorAddress, devnetTestAccounts } from "../constants.js";
import type { EvmBalanceCache } from "./readChainBalances.js";
import { readOverview } from "./readOverview.js";
import type { DevnetOverview, OverviewDeps } from "./types.js";

export type {
  DevnetOverview,
  OverviewAccount,
  OverviewBalance,
  OverviewChain,
  OverviewContract,
  OverviewDeps,
  OverviewPrice,
} from "./types.js";

export type CreateOverviewReaderParameters = {
  context: OverviewDeps;
  /** The clock (ms). Default `Date.now`. */
  now?: (() => number) | undefined;
};

/** Reads the devnet's overview; EVM balances are read again only when their chain has a new block. */
export type OverviewReader = () => Promise<DevnetOverview>;

/**
 * Creates the reader behind `GET /devnet/overview`: the chains with their heights, the funded
 * accounts (the ten EVM test accounts, the solver and the sponsor on every EVM chain; the Bitcoin
 * test wallets and the solver's address; the exchange's test accounts and relayer) with their
 * balances, the contracts with theirs, and the current price of every currency. Bounded and cheap
 * to poll: a fixed set of addresses, EVM balances read at one block and kept until the chain has a
 * newer one, Bitcoin and exchange balances read from memory.
 *
 * @param parameters - {@link CreateOverviewReaderParameters}
 * @returns The reader. {@link OverviewReader}
 * @example
 * const read = createOverviewReader({ context })
 * app.get("/devnet/overview", async (c) => c.json(await read()))
 */
export function createOverviewReader({
  context,
  now = Date.now,
}: CreateOverviewReaderParameters): OverviewReader {
  const cache: EvmBalanceCache = new Map();
  const accounts: Address[] = [
    ...devnetTestAccounts.map(({ address }) => address),
    context.solver.address,
    devnetSponsorAddress,
  ];
  return () => readOverview({ context, now, cache, accounts });
}
