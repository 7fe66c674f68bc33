import { expect, test } from "vitest";
import {
  apiChains,
  apiUrl,
  currencies,
  depository,
  originToken,
  solver,
} from "../../../../test/support/devnetApi.js";
import { toOrderChains } from "../../../attestkit/src/orders/toOrderChains.js";
import { responseSchemas } from "../../../attestkit/src/schemas/responses.js";
import { buildChainsResponse, type ChainsResponseDeps } from "./buildChainsResponse.js";
import type { ApiChain, DevnetBitcoin, DevnetExchange } from "./types.js";

const solverBitcoinAddress = "bc1qdqqsq6y7csd0cr3ye45h9lv8ydh777j2wehgl6";

/** The EVM chains only; Bitcoin and the exchange when asked. */
function deps(parts: Partial<ChainsResponseDeps> = {}): ChainsResponseDeps {
  return {
    url: apiUrl,
    chains: apiChains(),
    currencies,
    solver,
    bitcoin: undefined,
    exchange: undefined,
    ...parts,
  };
}

test("default: each EVM chain with its RPC, currencies, contracts, solver and protocol.v2 depository", () => {
  const { chains } = buildChainsResponse(deps());
  expect(responseSchemas.chains.parse({ chains })).toBeTruthy();
  expect(chains.map((chain) => chain.id)).toEqual([31337, 31338]);
  expect(chains[0]).toMatchObject({
    id: 31337,
    name: "devnet-origin",
    displayName: "Devnet 31337 (origin)",
    httpRpcUrl: `${apiUrl}/rpc/31337`,
    vmType: "evm",
    currency: { id: "eth", symbol: "ETH", decimals: 18, supportsBridging: true },
    featuredTokens: [
      { id: "usdc", address: originToken, metadata: { logoURI: `${apiUrl}/devnet/icons/usdc.svg` } },
    ],
    solverCurrencies: [{ symbol: "ETH" }, { symbol: "USDC" }],
    solverAddresses: [solver.address],
    tags: ["devnet", "origin"],
    protocol: { v2: { chainId: "devnet-origin", depository } },
  });
  // The contracts the devnet deployed there; the optional ones only once deployed.
  expect(chains[0]?.contracts).toMatchObject({ depository, token: originToken });
  expect(chains[0]?.contracts).not.toHaveProperty("attestationVerifier");
});

test("the order slugs of GET /chains are what orders name the chains by", () => {
  const chains = toOrderChains({ chains: buildChainsResponse(deps()) });
  expect(chains).toBeTruthy();
});

test("optional contracts are listed when deployed", () => {
  const [origin] = apiChains().values() as MapIterator<ApiChain>;
  const withVerifier = {
    ...(origin as ApiChain),
    contracts: {
      ...(origin as ApiChain).contracts,
      attestationVerifier: "0x0000000000000000000000000000000000000001",
    },
  } as ApiChain;
  const { chains } = buildChainsResponse(deps({ chains: new Map([[31337, withVerifier]]) }));
  expect(chains[0]?.contracts).toHaveProperty(
    "attestationVerifier",
    "0x0000000000000000000000000000000000000001",
  );
  expect(chains[0]?.contracts).not.toHaveProperty("attestedDepositReceiver");
});

test("a chain without currencies has no native currency and no tokens", () => {
  const { chains } = buildChainsResponse(deps({ currencies: [] }));
  expect(chains[0]).toMatchObject({
    currency: null,
    featuredTokens: [],
    erc20Currencies: [],
    solverCurrencies: [],
  });
});

test("Bitcoin (bvm) and the exchange (lvm) are listed only when the devnet runs them", () => {
  const bitcoin = { solverWallet: { p2wpkhAddress: solverBitcoinAddress } } as DevnetBitcoin;
  const exchange = {} as DevnetExchange;
  const { chains } = buildChainsResponse(deps({ bitcoin, exchange }));
  expect(responseSchemas.chains.parse({ chains })).toBeTruthy();
  expect(chains.map((chain) => [chain.id, chain.vmType])).toEqual([
    [31337, "evm"],
    [31338, "evm"],
    [8253038, "bvm"],
    [3586256, "lvm"],
  ]);
  expect(chains[2]).toMatchObject({
    name: "devnet-bitcoin",
    httpRpcUrl: `${apiUrl}/bitcoin/api`,
    solverAddresses: [solverBitcoinAddress],
    protocol: { v2: { chainId: "devnet-bitcoin", depository: solverBitcoinAddress } },
  });
  expect(chains[3]).toMatchObject({
    name: "devnet-exchange",
    httpRpcUrl: `${apiUrl}/exchange/api`,
    solverAddresses: ["1000"],
    protocol: { v2: { chainId: "devnet-exchange", depository: "1000" } },
  });
  expect(buildChainsResponse(deps({ exchange })).chains.map((chain) => chain.id)).toEqual([
    31337, 31338, 3586256,
  ]);
});
