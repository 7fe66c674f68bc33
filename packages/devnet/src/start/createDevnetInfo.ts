import { bitcoin as bitcoinRoute, externalExchange } from "attestkit/chains";
import type { responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import type { ApiChain } from "../api/types.js";
import { bitcoinSolverWallet } from "../bitcoin/bitcoinTestWallets.js";
import { esploraPathPrefix } from "../bitcoin/constants.js";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import {
  devnetReceiverOwner,
  devnetTestAccounts,
  exchangePathPrefix,
  testAccountNativeBalance,
  testAccountTokenBalance,
} from "../constants.js";
import { exchangeSolverAccount, exchangeTestAccounts } from "../exchange/constants.js";
import { devnetRelayerAddress } from "../relayer/constants.js";

/** What `GET /devnet/info` answers. */
export type DevnetInfo = {
  url: string;
  /** `ws://127.0.0.1:<port>`: the status stream (the live service's websocket protocol). */
  webSocketUrl: string;
  originChainId: number;
  destinationChainId: number;
  chains: {
    chainId: number;
    /** The chain's slug (`devnet-origin`, `devnet-destination`): `protocol.v2.chainId` in `GET /chains` and in orders. */
    name: string;
    role: "origin" | "destination";
    rpcUrl: string;
    contracts: DevnetContracts;
  }[];
  solver: { address: `0x${string}` };
  /** The relayer of gasless executions (`POST /execute`): a public TEST key, funded on every EVM chain. */
  relayer: { address: `0x${string}` };
  /**
   * The owner of each chain's `contracts.receiver`: test account 0, whose key `testAccounts` lists
   * (a public TEST key), so that an example configures the receiver's whitelists.
   */
  receiverOwner: `0x${string}`;
  testAccounts: {
    address: `0x${string}`;
    privateKey: `0x${string}`;
    nativeBalance: string;
    tokenBalance: string;
  }[];
  /** The Bitcoin chain (8253038): its Esplora-compatible API and its funded test wallets. */
  bitcoin: {
    chainId: number;
    esploraUrl: string;
    solver: { address: string };
    testWallets: { p2wpkhAddress: string; p2trAddress: string; privateKey: string; wif: string }[];
  };
  /** The external exchange (3586256): its transfer API, the relayer account and the test accounts. */
  exchange: {
    chainId: number;
    apiUrl: string;
    relayerAccountIndex: number;
    testAccounts: { accountIndex: number; apiKey: string }[];
  };
};

export type CreateDevnetInfoParameters = {
  /** The devnet's URL. */
  url: string;
  originChainId: number;
  destinationChainId: number;
  /** The API's chains, in order (origin first). */
  chains: ReadonlyMap<number, ApiChain>;
  /** The solver's EVM address. */
  solver: `0x${string}`;
  /** The Bitcoin chain, whose funded test wallets are listed. */
  bitcoinChain: BitcoinChain;
};

/**
 * What `GET /devnet/info` answers: the URLs (HTTP, websocket, each chain's RPC, Esplora, the
 * exchange's API), the chains and their contracts, the solver, the receivers' owner, and the funded
 * test accounts of the EVM chains, Bitcoin and the exchange.
 *
 * @param parameters - {@link CreateDevnetInfoParameters}
 * @returns The info. {@link DevnetInfo}
 * @example
 * const info = createDevnetInfo({ url, originChainId, destinationChainId, chains: apiChains, solver: solverAccount.address, bitcoinChain })
 */
export function createDevnetInfo({
  url,
  originChainId,
  destinationChainId,
  chains,
  solver,
  bitcoinChain,
}: CreateDevnetInfoParameters): DevnetInfo {
  // Typed against the shared schema too, so the client's getDevnetInfo reads exactly this.
  const info = {
    url,
    webSocketUrl: url.replace(/^http/, "ws"),
    originChainId,
    destinationChainId,
    chains: [...chains.values()].map(({ chainId, name, role, rpcUrl, contracts }) => ({
      chainId,
      name,
      role,
      rpcUrl,
      contracts,
    })),
    solver: { address: solver },
    relayer: { address: devnetRelayerAddress },
    receiverOwner: devnetReceiverOwner.address,
    testAccounts: devnetTestAccounts.map((account) => ({
      ...account,
      nativeBalance: testAccountNativeBalance.toString(),
      tokenBalance: testAccountTokenBalance.toString(),
    })),
    bitcoin: {
      chainId: bitcoinRoute.chainId,
      esploraUrl: `${url}${esploraPathPrefix}`,
      solver: { address: bitcoinSolverWallet.p2wpkhAddress },
      testWallets: bitcoinChain.wallets.map(({ p2wpkhAddress, p2trAddress, privateKey, wif }) => ({
        p2wpkhAddress,
        p2trAddress,
        privateKey,
        wif,
      })),
    },
    exchange: {
      chainId: externalExchange.chainId,
      apiUrl: `${url}${exchangePathPrefix}`,
      relayerAccountIndex: exchangeSolverAccount.accountIndex,
      testAccounts: exchangeTestAccounts.map(({ accountIndex, apiKey }) => ({ accountIndex, apiKey })),
    },
  } satisfies z.input<typeof responseSchemas.devnetInfo>;
  return info;
}
