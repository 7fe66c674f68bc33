import { bitcoin, externalExchange } from "attestkit/chains";
import type { TrustRoot } from "attestkit/orders";
import { type Address, concat, getContractAddress, type Hex, keccak256 } from "viem";
import { bitcoinSolverWallet } from "./bitcoin/bitcoinTestWallets.js";
import { devnetBitcoinDepositAddress } from "./bitcoin/devnetBitcoinDepositAddress.js";
import {
  devnetBitcoinSlug,
  devnetChainSlugs,
  devnetExchangeSlug,
  devnetSolverAddress,
  devnetTestAccounts,
} from "./constants.js";
import { exchangeRouteTypes, exchangeSolverAccount } from "./exchange/constants.js";

export type DevnetTrustRootParameters = {
  /** The devnet's origin chain id. Default 31337. */
  originChainId?: number | undefined;
  /** The devnet's destination chain id. Default 31338. */
  destinationChainId?: number | undefined;
};

export type DevnetTrustRootReturnType = TrustRoot;

/**
 * The transactions the devnet solver sends on a fresh chain before the contracts of same-chain
 * quotes: 3 deployments (depository, token, deposit-address factory), one mint to each test account,
 * the fee sponsor and the depository, one approval; on the origin chain the attestation verifier,
 * the receiver and its `setChainSlug` as well (`deployDevnetContracts`).
 */
const sameChainNonce = {
  destination: 3 + devnetTestAccounts.length + 2 + 1,
  origin: 3 + devnetTestAccounts.length + 2 + 1 + 3,
};

/**
 * The devnet's trust root, derived from its public constants alone, never from its answers: every
 * contract is deployed from the devnet solver's fresh account in a fixed order, so each address is
 * `CREATE(solver, nonce)` (depository 0, deposit-address factory 2, WETH and swap router after the
 * setup transactions); deposit addresses are the factory's CREATE2 minimal proxies (solady `LibClone`) of
 * its implementation (the factory's first creation). Bitcoin (8253038): the solver's P2WPKH address
 * and the devnet's deposit-address rule (`devnetBitcoinDepositAddress`); the exchange (3586256): the
 * relayer account, route type 0 (perpetuals). They replace the published Bitcoin and exchange
 * entries for the caller who passes this root: never pass it when paying on a real chain.
 *
 * @param parameters - {@link DevnetTrustRootParameters}
 * @returns The trust root. {@link DevnetTrustRootReturnType}
 * @example
 * const client = createClient({ network: { baseUrl: devnet.url }, solvers: [devnetSolverAddress], trustRoot: devnetTrustRoot() })
 */
export function devnetTrustRoot({
  originChainId = 31337,
  destinationChainId = 31338,
}: DevnetTrustRootParameters = {}): DevnetTrustRootReturnType {
  const created = (nonce: number): Address =>
    getContractAddress({ from: devnetSolverAddress, nonce: BigInt(nonce) }).toLowerCase() as Address;
  const depository = created(0);
  const factory = created(2);
  const implementation = getContractAddress({ from: factory, nonce: 1n });
  const evm = (id: number, slug: string, first: number) => ({
    id,
    slug,
    vmType: "ethereum-vm" as const,
    depository,
    spenders: [created(first + 1)],
    depositAddress: {
      kind: "create2" as const,
      factory,
      initCodeHash: minimalProxyInitCodeHash(implementation),
    },
    wrappedNative: created(first),
  });
  return {
    chains: [
      evm(originChainId, devnetChainSlugs.origin, sameChainNonce.origin),
      evm(destinationChainId, devnetChainSlugs.destination, sameChainNonce.destination),
      {
        id: bitcoin.chainId,
        slug: devnetBitcoinSlug,
        vmType: "bitcoin-vm",
        depository: bitcoinSolverWallet.p2wpkhAddress,
        depositAddress: {
          kind: "derive",
          derive: ({ orderId, depositor }) => devnetBitcoinDepositAddress({ orderId, depositor }),
        },
      },
      {
        id: externalExchange.chainId,
        slug: devnetExchangeSlug,
        vmType: "lighter-vm",
        depository: String(exchangeSolverAccount.accountIndex),
        exchangeRouteType: exchangeRouteTypes.perp,
      },
    ],
  };
}

/** keccak256 of the creation code of solady's `LibClone.clone` minimal proxy of `implementation` (`LibClone.initCodeHash`). */
function minimalProxyInitCodeHash(implementation: Address): Hex {
  return keccak256(
    concat(["0x602c3d8160093d39f33d3d3d3d363d3d37363d73", implementation, "0x5af43d3d93803e602a57fd5bf3"]),
  );
}
