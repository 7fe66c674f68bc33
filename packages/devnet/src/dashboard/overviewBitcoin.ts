import { bitcoin } from "attestkit/chains";
import { readBitcoinAddressBalance } from "../api/readBitcoinAddressBalance.js";
import type { DevnetBitcoin } from "../api/types.js";
import { esploraPathPrefix } from "../bitcoin/constants.js";
import { devnetBitcoinSlug } from "../constants.js";
import type { OverviewAccount, OverviewBalance, OverviewChain } from "./types.js";

/** The Bitcoin chain's part of the overview. */
export type OverviewBitcoinReturnType = {
  chain: OverviewChain;
  /** The test wallets (P2WPKH and P2TR address of each), then the solver's P2WPKH address. */
  accounts: OverviewAccount[];
};

/**
 * The devnet's Bitcoin chain in the overview: its height, how it mines, its mempool size, and the
 * funded addresses with their balances (read from memory, by the interface's balance rule).
 *
 * @param devnetBitcoin - The running Bitcoin chain. {@link DevnetBitcoin}
 * @param url - The devnet's URL (its Esplora API is under it).
 * @returns The chain and its accounts. {@link OverviewBitcoinReturnType}
 * @example
 * const { chain, accounts } = overviewBitcoin(context.bitcoin, context.url)
 */
export function overviewBitcoin(devnetBitcoin: DevnetBitcoin, url: string): OverviewBitcoinReturnType {
  const satoshis = (address: string): OverviewBalance[] => [
    {
      chainId: bitcoin.chainId,
      symbol: bitcoin.symbol,
      decimals: bitcoin.decimals,
      amount: readBitcoinAddressBalance(devnetBitcoin.chain, address).toString(),
    },
  ];
  const accounts: OverviewAccount[] = devnetBitcoin.chain.wallets.flatMap((wallet, index) =>
    (
      [
        ["P2WPKH", wallet.p2wpkhAddress],
        ["P2TR", wallet.p2trAddress],
      ] as const
    ).map(([kind, address]) => ({
      label: `test ${index} ${kind}`,
      role: "test" as const,
      vmType: "bvm" as const,
      address,
      balances: satoshis(address),
    })),
  );
  const solverAddress = devnetBitcoin.solverWallet.p2wpkhAddress;
  accounts.push({
    label: "solver",
    role: "solver",
    vmType: "bvm",
    address: solverAddress,
    balances: satoshis(solverAddress),
  });
  return {
    chain: {
      chainId: bitcoin.chainId,
      name: devnetBitcoinSlug,
      vmType: "bvm",
      role: "bitcoin",
      url: `${url}${esploraPathPrefix}`,
      height: devnetBitcoin.chain.height(),
      mining: devnetBitcoin.blockTimeMs > 0 ? `every ${devnetBitcoin.blockTimeMs} ms` : "on demand",
      pending: devnetBitcoin.chain.mempool().length,
    },
    accounts,
  };
}
