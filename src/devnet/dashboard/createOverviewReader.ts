import type { Address } from "viem";
import { bitcoinBalance } from "../../chains/bitcoin/bitcoinBalance.js";
import { bitcoin } from "../../chains/bitcoin/constants.js";
import { externalExchange } from "../../chains/exchange/constants.js";
import type { ApiChain, DevnetContext } from "../api/types.js";
import { esploraPathPrefix } from "../bitcoin/constants.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import {
  devnetBitcoinSlug,
  devnetExchangeSlug,
  devnetSponsorAddress,
  devnetTestAccounts,
  exchangePathPrefix,
} from "../constants.js";
import { exchangeSolverAccount, exchangeTestAccounts } from "../exchange/constants.js";
import {
  type DevnetCurrency,
  devnetBitcoinCurrency,
  devnetExchangeCurrency,
} from "../quote/devnetCurrencies.js";
import { type ReadEvmBalancesReturnType, readEvmBalances } from "./readEvmBalances.js";

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
};

/** Everything `GET /devnet/overview` answers. */
export type DevnetOverview = {
  /** When the answer was read (ms since the epoch). */
  readAt: number;
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

export type CreateOverviewReaderParameters = {
  context: OverviewDeps;
  /** The clock (ms). Default `Date.now`. */
  now?: (() => number) | undefined;
};

/** Reads the devnet's overview; EVM balances are read again only when their chain has a new block. */
export type OverviewReader = () => Promise<DevnetOverview>;

/** The Solidity contract behind each key of a chain's contracts. */
const contractNames: Record<keyof DevnetContracts, string> = {
  depository: "DevnetDepository",
  token: "DevnetEip3009Token",
  depositAddressFactory: "DevnetDepositAddressFactory",
  attestationVerifier: "AttestationVerifier",
  attestedDepositReceiver: "AttestedDepositReceiver",
  weth: "DevnetWeth",
  swapRouter: "DevnetSwapRouter",
  multicall3: "DevnetMulticall3",
  onlyOwnerMulticaller: "DevnetMulticall3 (owner: the solver)",
};

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
  const cache = new Map<number, { blockNumber: bigint; balances: Promise<ReadEvmBalancesReturnType> }>();
  const evmAddresses: Address[] = [
    ...devnetTestAccounts.map(({ address }) => address),
    context.solver.address,
    devnetSponsorAddress,
  ];

  const readChain = async (chain: ApiChain) => {
    const blockNumber = BigInt((await chain.request({ method: "eth_blockNumber" })) as string);
    let entry = cache.get(chain.chainId);
    if (entry?.blockNumber !== blockNumber) {
      const contracts = Object.values(chain.contracts).filter((address) => address !== undefined);
      entry = {
        blockNumber,
        balances: readEvmBalances({
          request: chain.request,
          blockNumber,
          token: chain.contracts.token,
          addresses: [...evmAddresses, ...contracts],
        }),
      };
      cache.set(chain.chainId, entry);
      // A failed read is not kept: the next poll tries again.
      const kept = entry;
      kept.balances.catch(() => {
        if (cache.get(chain.chainId) === kept) cache.delete(chain.chainId);
      });
    }
    return { chain, blockNumber, balances: await entry.balances };
  };

  return async () => {
    const evm = await Promise.all([...context.chains.values()].map(readChain));
    const symbols = (chain: ApiChain) => ({
      native: currencyOf(context.currencies, chain.chainId, undefined),
      token: currencyOf(context.currencies, chain.chainId, chain.contracts.token),
    });
    const evmBalances = (address: Address): OverviewBalance[] =>
      evm.flatMap(({ chain, balances }) => {
        const found = balances.find((entry) => entry.address === address);
        const { native, token } = symbols(chain);
        return [
          { chainId: chain.chainId, ...native, amount: (found?.native ?? 0n).toString() },
          { chainId: chain.chainId, ...token, amount: (found?.token ?? 0n).toString() },
        ];
      });

    const chains: OverviewChain[] = evm.map(({ chain, blockNumber }) => ({
      chainId: chain.chainId,
      name: chain.name,
      vmType: "evm",
      role: chain.role,
      url: chain.rpcUrl,
      height: Number(blockNumber),
      mining: context.blockTimeMs === null ? "instant" : `every ${context.blockTimeMs} ms`,
      pending: null,
    }));
    const accounts: OverviewAccount[] = [
      ...devnetTestAccounts.map(({ address }, index) => ({
        label: `test ${index}`,
        role: "test" as const,
        vmType: "evm" as const,
        address,
        balances: evmBalances(address),
      })),
      {
        label: "solver",
        role: "solver",
        vmType: "evm",
        address: context.solver.address,
        balances: evmBalances(context.solver.address),
      },
      {
        label: "sponsor",
        role: "sponsor",
        vmType: "evm",
        address: devnetSponsorAddress,
        balances: evmBalances(devnetSponsorAddress),
      },
    ];
    const contracts: OverviewContract[] = evm.flatMap(({ chain, balances }) =>
      (Object.keys(contractNames) as (keyof DevnetContracts)[]).flatMap((name) => {
        const address = chain.contracts[name];
        if (address === undefined) return [];
        const found = balances.find((entry) => entry.address === address);
        const { native, token } = symbols(chain);
        return [
          {
            chainId: chain.chainId,
            name,
            contract: contractNames[name],
            address,
            balances: [
              { chainId: chain.chainId, ...native, amount: (found?.native ?? 0n).toString() },
              { chainId: chain.chainId, ...token, amount: (found?.token ?? 0n).toString() },
            ],
          },
        ];
      }),
    );
    const currencies: DevnetCurrency[] = [...context.currencies];

    const btc = context.bitcoin;
    if (btc) {
      chains.push({
        chainId: bitcoin.chainId,
        name: devnetBitcoinSlug,
        vmType: "bvm",
        role: "bitcoin",
        url: `${context.url}${esploraPathPrefix}`,
        height: btc.chain.height(),
        mining: btc.blockTimeMs > 0 ? `every ${btc.blockTimeMs} ms` : "on demand",
        pending: btc.chain.mempool().length,
      });
      const satoshis = (address: string): OverviewBalance[] => {
        const { chain: confirmed, mempool } = btc.chain.getAddressStats(address);
        const amount = bitcoinBalance({
          funded: confirmed.fundedTxoSum,
          spent: confirmed.spentTxoSum,
          pendingSpent: mempool.spentTxoSum,
        });
        return [
          {
            chainId: bitcoin.chainId,
            symbol: bitcoin.symbol,
            decimals: bitcoin.decimals,
            amount: amount.toString(),
          },
        ];
      };
      btc.chain.wallets.forEach((wallet, index) => {
        for (const [kind, address] of [
          ["P2WPKH", wallet.p2wpkhAddress],
          ["P2TR", wallet.p2trAddress],
        ] as const)
          accounts.push({
            label: `test ${index} ${kind}`,
            role: "test",
            vmType: "bvm",
            address,
            balances: satoshis(address),
          });
      });
      const solverAddress = btc.solverWallet.p2wpkhAddress;
      accounts.push({
        label: "solver",
        role: "solver",
        vmType: "bvm",
        address: solverAddress,
        balances: satoshis(solverAddress),
      });
      currencies.push(devnetBitcoinCurrency);
    }

    const ledger = context.exchange?.ledger;
    if (ledger) {
      chains.push({
        chainId: externalExchange.chainId,
        name: devnetExchangeSlug,
        vmType: "lvm",
        role: "exchange",
        url: `${context.url}${exchangePathPrefix}`,
        height: null,
        mining: "none",
        pending: ledger.transfers().length,
      });
      const usdc = (accountIndex: number): OverviewBalance[] => [
        {
          chainId: externalExchange.chainId,
          symbol: externalExchange.symbol,
          decimals: externalExchange.decimals,
          amount: ledger.balance({ accountIndex, assetIndex: 0 }).toString(),
        },
      ];
      exchangeTestAccounts.forEach(({ accountIndex }, index) => {
        accounts.push({
          label: `test ${index}`,
          role: "test",
          vmType: "lvm",
          address: String(accountIndex),
          balances: usdc(accountIndex),
        });
      });
      const relayer = exchangeSolverAccount.accountIndex;
      accounts.push({
        label: "relayer",
        role: "relayer",
        vmType: "lvm",
        address: String(relayer),
        balances: usdc(relayer),
      });
      currencies.push(devnetExchangeCurrency);
    }

    const prices: OverviewPrice[] = currencies.map((currency) => ({
      chainId: currency.chainId,
      address: currency.address,
      symbol: currency.symbol,
      name: currency.name,
      decimals: currency.decimals,
      // The market's price now (the devnet's prices walk and are moved by `POST /devnet/prices`).
      priceUsdMicros: (context.prices?.priceOf(currency) ?? currency.priceUsdMicros).toString(),
    }));
    return { readAt: now(), chains, accounts, contracts, prices };
  };
}

/** Symbol and decimals of a chain's native currency (no address) or token, as the devnet lists them. */
function currencyOf(
  currencies: readonly DevnetCurrency[],
  chainId: number,
  token: Address | undefined,
): { symbol: string; decimals: number } {
  const found = currencies.find(
    (currency) =>
      currency.chainId === chainId &&
      (token === undefined ? currency.isNative : currency.address.toLowerCase() === token.toLowerCase()),
  );
  return found
    ? { symbol: found.symbol, decimals: found.decimals }
    : token
      ? { symbol: "?", decimals: 0 }
      : { symbol: "ETH", decimals: 18 };
}
