import type { Address } from "viem";
import type { DevnetContext } from "../api/types.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";

/** One balance of an account or contract. */
export type OverviewBalance = {
  chainId: number;
  symbol: string;
  decimals: number;
  /** Smallest units, as a decimal string. */
  amount: string;
};

/** One chain of the devnet and where it stands. */
export type OverviewChain = {
  chainId: number;
  /** The chain's slug, as `GET /chains` names it. */
  name: string;
  vmType: "evm" | "bvm" | "lvm";
  role: "origin" | "destination" | "bitcoin" | "exchange";
  /** JSON-RPC (EVM), the Esplora API (Bitcoin) or the transfer API (exchange). */
  url: string;
  /** Height of the newest block; null for the exchange, a ledger without blocks. */
  height: number | null;
  /** How blocks come: `instant` (one per transaction), `every N ms`, `on demand`; `none` for the exchange. */
  mining: string;
  /** Transactions waiting in the mempool (Bitcoin), transfers recorded (exchange); null for the EVM chains. */
  pending: number | null;
};

/** A funded account (test account, solver, sponsor, relayer) and its balances on every chain of its kind. */
export type OverviewAccount = {
  label: string;
  role: "test" | "solver" | "sponsor" | "relayer";
  vmType: "evm" | "bvm" | "lvm";
  /** An EVM address, a Bitcoin address, or an exchange account index (as a string). */
  address: string;
  balances: OverviewBalance[];
};

/** A deployed contract and what it holds. */
export type OverviewContract = {
  chainId: number;
  /** Its key in the chain's contracts (`depository`, `token`, ...). */
  name: keyof DevnetContracts;
  /** The Solidity contract deployed there. */
  contract: string;
  address: Address;
  balances: OverviewBalance[];
};

/** The current price of one currency of the devnet. */
export type OverviewPrice = {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** Micro-USD per whole unit, as a decimal string. */
  priceUsdMicros: string;
  /** Its price when the devnet started (`startedAt`), the same way: the change is measured from it. */
  startUsdMicros: string;
};

/** Everything `GET /devnet/overview` answers. */
export type DevnetOverview = {
  /** When the answer was read (ms since the epoch). */
  readAt: number;
  /**
   * When the devnet's prices started (ms since the epoch): its first start, which a restart with
   * `--state` keeps (the market's genesis); null without a market.
   */
  startedAt: number | null;
  chains: OverviewChain[];
  accounts: OverviewAccount[];
  contracts: OverviewContract[];
  prices: OverviewPrice[];
};

/** What the overview reads of the devnet: its URL, chains, currencies, solver, mining, Bitcoin and the exchange. */
export type OverviewDeps = Pick<
  DevnetContext,
  "url" | "chains" | "currencies" | "solver" | "blockTimeMs" | "bitcoin" | "exchange" | "prices"
>;
