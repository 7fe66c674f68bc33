// The integrator routes of the official SDK's API types, served by the devnet's app in process (no
// socket, no chain: its EVM chains answer JSON-RPC from a table of balances) and read through the
// typed client: what each answers is what holds on the devnet (its chains and incidents, the solver's
// balances, its swap sources, its market, its deposit addresses), and each refuses what the shared
// request schema refuses, both in the client (nothing sent) and in the devnet (400 with the field's code).
import { Hono } from "hono";
import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  numberToHex,
  parseEther,
  parseUnits,
  zeroAddress,
} from "viem";
import { beforeEach, describe, expect, test } from "vitest";
import {
  apiChains,
  apiUrl,
  currencies,
  depositAddressFactory,
  depository,
  destinationChainId,
  destinationToken,
  originChainId,
  originToken,
  recordingSender,
  solver,
} from "../../../../test/support/devnetApi.js";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import { user } from "../../../../test/support/fixtures.js";
import { externalExchange } from "../../../attestkit/src/chains/exchange/constants.js";
import { createClient } from "../../../attestkit/src/client/createClient.js";
import { ApiError } from "../../../attestkit/src/client/errors/request.js";
import { InvalidRequestError } from "../../../attestkit/src/schemas/errors.js";
import { devnetDepositAddressFactoryAbi } from "../contracts/abis.js";
import { createExchangeLedger } from "../exchange/createExchangeLedger.js";
import { createPriceSource } from "../prices/createPriceSource.js";
import { createAppFeeLedger } from "../state/createAppFeeLedger.js";
import { createPermitBook } from "../state/createPermitBook.js";
import { createRequestStore } from "../state/createRequestStore.js";
import { registerErrorHandlers } from "./registerErrorHandlers.js";
import { registerExecuteRoutes } from "./registerExecuteRoutes.js";
import { registerIntegratorRoutes } from "./registerIntegratorRoutes.js";
import type { ChainIncident, DevnetContext } from "./types.js";

const depositAddress = getAddress("0x7a3f0e5c2b9d4e1a8c6f3b2d5e9a1c4f7b8d2e6a");
const requestId: Hex = `0x${"11".repeat(32)}`;
const orderId: Hex = `0x${"22".repeat(32)}`;
const appWallet = getAddress("0x000000000000000000000000000000000000a99f");

/** An EVM chain's JSON-RPC over a table of balances (`<currency>:<owner>`, lower case); its node can be down. */
function chainRequest(balances: Map<string, bigint>, node: { down: boolean }) {
  return async ({ method, params = [] }: { method: string; params?: readonly unknown[] | undefined }) => {
    if (node.down) throw new Error("the node does not answer");
    if (method === "eth_blockNumber") return "0x10";
    if (method === "eth_getBalance")
      return numberToHex(balances.get(`${zeroAddress}:${String(params[0]).toLowerCase()}`) ?? 0n);
    if (method === "eth_call") {
      const { to, data } = params[0] as { to: Address; data: Hex };
      const [owner] = decodeFunctionData({ abi: erc20Abi, data }).args as [Address];
      return numberToHex(balances.get(`${to.toLowerCase()}:${owner.toLowerCase()}`) ?? 0n);
    }
    throw new Error(`unexpected ${method}`);
  };
}

/** A devnet of two EVM chains and the exchange, a deposit-address request, app fees for one wallet. */
function setup() {
  const balances = new Map<string, bigint>([
    [`${zeroAddress}:${solver.address.toLowerCase()}`, parseEther("40")],
    [`${originToken.toLowerCase()}:${depository.toLowerCase()}`, parseUnits("2500", 6)],
    [`${originToken.toLowerCase()}:${depositAddress.toLowerCase()}`, parseUnits("25", 6)],
  ]);
  const nodes = { [originChainId]: { down: false }, [destinationChainId]: { down: false } };
  const { sender, sent } = recordingSender();
  const { sender: destinationSender, sent: destinationSent } = recordingSender();
  const incidents = new Map<number, ChainIncident>();
  const prices = createPriceSource({ startMs: 0, now: () => 0 });
  const store = createRequestStore({ onTransition: () => {}, log: () => {} });
  store.create(
    quotedRequest({
      requestId,
      orderId,
      originCurrency: originToken,
      depositAddress: {
        address: depositAddress,
        depositAddressType: "open",
        depositor: user,
        depositTxHash: null,
      },
    }),
  );
  const appFees = createAppFeeLedger();
  appFees.credit(appWallet, 2_500_000n);
  const context = {
    url: apiUrl,
    originChainId,
    chains: apiChains({
      [originChainId]: { request: chainRequest(balances, nodes[originChainId]), sender },
      [destinationChainId]: {
        request: chainRequest(balances, nodes[destinationChainId]),
        sender: destinationSender,
      },
    }),
    currencies,
    solver,
    bitcoin: undefined,
    exchange: { ledger: createExchangeLedger() },
    incidents,
    prices,
    store,
    appFees,
    permits: createPermitBook(),
    log: () => {},
  };
  const app = new Hono();
  registerIntegratorRoutes(app, context);
  // The routes whose input the integrator routes check first.
  registerExecuteRoutes(app, context as unknown as DevnetContext);
  registerErrorHandlers(app, context);
  const fetch = async (input: string | URL | Request, init?: RequestInit) =>
    app.fetch(new Request(input, init));
  const client = createClient({ network: { baseUrl: apiUrl }, fetch, retry: false });
  const raw = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${apiUrl}${path}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { client, raw, balances, nodes, incidents, prices, sent, destinationSent, store };
}

let devnet: ReturnType<typeof setup>;
beforeEach(() => {
  devnet = setup();
});

/** What a call threw, for a matcher. */
const thrown = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("GET /chains/health", () => {
  test("default: each chain the devnet runs is healthy, and so is the whole", async () => {
    for (const chainId of [originChainId, destinationChainId, externalExchange.chainId])
      expect(await devnet.client.getChainHealth({ chainId })).toEqual({ healthy: true });
    expect(await devnet.client.getChainHealth()).toEqual({ healthy: true });
  });

  test("an incident or a node that does not answer makes a chain, and the whole, unhealthy", async () => {
    devnet.incidents.set(destinationChainId, { disabled: false, blockProductionLagging: true });
    expect(await devnet.client.getChainHealth({ chainId: destinationChainId })).toEqual({ healthy: false });
    expect(await devnet.client.getChainHealth({ chainId: originChainId })).toEqual({ healthy: true });
    expect(await devnet.client.getChainHealth()).toEqual({ healthy: false });
    devnet.incidents.clear();
    devnet.nodes[originChainId].down = true;
    expect(await devnet.client.getChainHealth({ chainId: String(originChainId) })).toEqual({
      healthy: false,
    });
  });

  test("a chain the devnet does not run is 400 UNSUPPORTED_CHAIN; a chain id that is not a number is refused on both sides", async () => {
    expect(await thrown(devnet.client.getChainHealth({ chainId: 1 }))).toMatchObject({
      status: 400,
      code: "UNSUPPORTED_CHAIN",
    });
    const error = await thrown(devnet.client.getChainHealth({ chainId: "base" }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ endpoint: "chainHealth", field: "chainId" });
    expect(await devnet.raw("/chains/health?chainId=base")).toMatchObject({
      status: 400,
      body: { code: "UNSUPPORTED_CHAIN", message: expect.stringContaining('"chainId"') },
    });
  });
});

describe("GET /chains/liquidity", () => {
  test("default: what the solver holds to fill with, by currency, valued at the market's price now", async () => {
    const { liquidity } = await devnet.client.getChainLiquidity({ chainId: originChainId });
    expect(liquidity).toEqual([
      {
        chainId: originChainId,
        currencyId: "eth",
        symbol: "ETH",
        address: zeroAddress,
        decimals: 18,
        balance: parseEther("40").toString(),
        amountUsd: "120000",
      },
      // A token's liquidity is the depository's: the solver fills tokens out of it.
      {
        chainId: originChainId,
        currencyId: "usdc",
        symbol: "USDC",
        address: originToken,
        decimals: 6,
        balance: "2500000000",
        amountUsd: "2500",
      },
    ]);
    devnet.prices.move("eth", 1_000);
    devnet.balances.set(`${zeroAddress}:${solver.address.toLowerCase()}`, parseEther("1"));
    const [eth] = (await devnet.client.getChainLiquidity({ chainId: originChainId })).liquidity;
    expect(eth).toMatchObject({ balance: parseEther("1").toString(), amountUsd: "3300" });
  });

  test("the exchange: the relayer account's USDC-perp; a chain the devnet does not run is 400", async () => {
    const { liquidity } = await devnet.client.getChainLiquidity({ chainId: externalExchange.chainId });
    expect(liquidity).toEqual([
      expect.objectContaining({
        symbol: "USDC (Perp)",
        balance: "1000000000000000",
        amountUsd: "1000000000",
      }),
    ]);
    expect(await thrown(devnet.client.getChainLiquidity({ chainId: 8453 }))).toMatchObject({
      status: 400,
      code: "UNSUPPORTED_CHAIN",
    });
  });

  test("chainId is required: the client sends nothing, the devnet answers 400", async () => {
    const error = await thrown(devnet.client.getChainLiquidity({} as never));
    expect(error).toMatchObject({ endpoint: "chainLiquidity", field: "chainId", rule: "required" });
    expect((await devnet.raw("/chains/liquidity")).status).toBe(400);
  });
});

test("GET /swap-sources: the devnet's sources on its EVM chains, none on the exchange, 400 elsewhere", async () => {
  const all = { sources: ["devnet-router", "devnet-amm"] };
  expect(await devnet.client.getSwapSources()).toEqual(all);
  expect(await devnet.client.getSwapSources({ chainId: destinationChainId })).toEqual(all);
  expect(await devnet.client.getSwapSources({ chainId: externalExchange.chainId })).toEqual({ sources: [] });
  expect(await thrown(devnet.client.getSwapSources({ chainId: 1 }))).toMatchObject({ status: 400 });
  // Unknown query parameters are ignored, as the live service ignores them.
  expect(await devnet.raw("/swap-sources?chainId=31337&page=2")).toEqual({ status: 200, body: all });
});

test("GET /prices/rates: one rate per currency group, by symbol, at the market's price now", async () => {
  expect(await devnet.client.getPriceRates()).toEqual({ ETH: 3000, USDC: 1 });
  devnet.prices.move("eth", -500);
  expect(await devnet.client.getPriceRates()).toEqual({ ETH: 2850, USDC: 1 });
});

test("GET /currencies/token/price: a listed currency's price; another is 400; a missing address is refused", async () => {
  expect(
    await devnet.client.getTokenPrice({ chainId: originChainId, address: originToken.toLowerCase() }),
  ).toEqual({
    price: 1,
  });
  devnet.prices.move("eth", 250);
  expect(await devnet.client.getTokenPrice({ chainId: destinationChainId, address: zeroAddress })).toEqual({
    price: 3075,
  });
  expect(await thrown(devnet.client.getTokenPrice({ chainId: originChainId, address: user }))).toMatchObject({
    status: 400,
    code: "UNSUPPORTED_CURRENCY",
  });
  const error = await thrown(devnet.client.getTokenPrice({ chainId: originChainId } as never));
  expect(error).toMatchObject({ endpoint: "tokenPrice", field: "address", rule: "required" });
});

describe("GET /deposit-addresses/v1", () => {
  const expected = {
    depositAddress,
    type: "open",
    requestId,
    chainId: originChainId,
    createdAt: new Date(1_000_000).toISOString(),
    currency: "usdc",
    refundTo: "0x000000000000000000000000000000000000Cafe",
  };

  test("default: by request id, and by the address in any case", async () => {
    expect(await devnet.client.getDepositAddress({ requestId })).toEqual(expected);
    expect(await devnet.client.getDepositAddress({ address: depositAddress.toLowerCase() })).toEqual(
      expected,
    );
  });

  test("exactly one of address and requestId: refused by the client and by the devnet; an unknown one is 404", async () => {
    const both = await thrown(devnet.client.getDepositAddress({ address: depositAddress, requestId }));
    expect(both).toBeInstanceOf(InvalidRequestError);
    expect(both).toMatchObject({ field: "requestId", rule: "oneOf:address|requestId" });
    expect(await thrown(devnet.client.getDepositAddress({}))).toMatchObject({ field: "address" });
    expect(
      (await devnet.raw(`/deposit-addresses/v1?address=${depositAddress}&requestId=${requestId}`)).status,
    ).toBe(400);
    const unknown = await thrown(devnet.client.getDepositAddress({ requestId: orderId }));
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown).toMatchObject({ status: 404, code: "DEPOSIT_ADDRESS_NOT_FOUND" });
  });
});

describe("POST /transactions/deposit-address/reindex", () => {
  test("default: the balances read, the address swept into the depository under the order id", async () => {
    const answer = await devnet.client.reindexDepositAddress({ chainId: originChainId, depositAddress });
    expect(answer).toEqual({
      message: `Swept USDC of ${depositAddress} into the depository.`,
      triggeredCurrencies: [{ currency: originToken, symbol: "USDC", balance: "25000000" }],
      checkedCurrencies: 2,
      failedCurrencies: 0,
    });
    expect(devnet.sent).toHaveLength(1);
    expect(devnet.sent[0]?.to).toBe(depositAddressFactory);
    expect(
      decodeFunctionData({ abi: devnetDepositAddressFactoryAbi, data: devnet.sent[0]?.data as Hex }),
    ).toEqual({
      functionName: "sweep",
      args: [orderId, getAddress(user), [originToken]],
    });
  });

  test("one currency that holds nothing: checked, nothing swept", async () => {
    const answer = await devnet.client.reindexDepositAddress({
      chainId: originChainId,
      depositAddress,
      currency: zeroAddress,
      sweep: true,
    });
    expect(answer).toMatchObject({ triggeredCurrencies: [], checkedCurrencies: 1, failedCurrencies: 0 });
    expect(devnet.sent).toEqual([]);
  });

  test("another target chain: read and swept there, on that chain's token", async () => {
    devnet.balances.set(`${destinationToken.toLowerCase()}:${depositAddress.toLowerCase()}`, 7_000_000n);
    const answer = await devnet.client.reindexDepositAddress({
      chainId: originChainId,
      depositAddress,
      targetChainId: destinationChainId,
    });
    expect(answer).toEqual({
      message: `Swept USDC of ${depositAddress} into the depository of chain ${destinationChainId}.`,
      triggeredCurrencies: [{ currency: destinationToken, symbol: "USDC", balance: "7000000" }],
      checkedCurrencies: 2,
      failedCurrencies: 0,
    });
    expect(devnet.destinationSent).toHaveLength(1);
    expect(
      decodeFunctionData({
        abi: devnetDepositAddressFactoryAbi,
        data: devnet.destinationSent[0]?.data as Hex,
      }),
    ).toEqual({ functionName: "sweep", args: [orderId, getAddress(user), [destinationToken]] });
    expect(devnet.sent).toEqual([]);
  });

  test("a Bitcoin deposit address the devnet did not make: 404", async () => {
    expect(
      await thrown(devnet.client.reindexDepositAddress({ chainId: 8253038, depositAddress: "bc1qnotmade" })),
    ).toMatchObject({ status: 404, code: "DEPOSIT_ADDRESS_NOT_FOUND" });
  });

  test("refused: another chain, another target chain, a currency no sweep moves, a bad body", async () => {
    const reindex = (body: Record<string, unknown>) =>
      thrown(devnet.client.reindexDepositAddress({ chainId: originChainId, depositAddress, ...body }));
    expect(await reindex({ chainId: destinationChainId })).toMatchObject({
      status: 404,
      code: "DEPOSIT_ADDRESS_NOT_FOUND",
    });
    expect(await reindex({ targetChainId: 1 })).toMatchObject({ status: 400, code: "UNSUPPORTED_CHAIN" });
    expect(await reindex({ currency: user })).toMatchObject({ status: 400, code: "UNSUPPORTED_CURRENCY" });
    expect(await reindex({ chainId: "31337" })).toMatchObject({
      endpoint: "depositAddressReindex",
      field: "chainId",
    });
    expect(
      await devnet.raw("/transactions/deposit-address/reindex", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ chainId: originChainId }),
      }),
    ).toMatchObject({ status: 400, body: { errorCode: "INVALID_REQUEST" } });
    expect(devnet.sent).toEqual([]);
  });
});

describe("the routes of registerExecuteRoutes, their input checked with the shared schemas first", () => {
  test("app fees: the balance, then a claim's signature step", async () => {
    const { balances } = await devnet.client.getAppFeeBalances({ wallet: appWallet });
    expect(balances.map(({ amount, currency }) => [amount, currency?.symbol])).toEqual([["2500000", "USDC"]]);
    const { steps } = await devnet.client.claimAppFees({
      wallet: appWallet,
      chainId: originChainId,
      currency: originToken,
      recipient: appWallet,
      amount: "1000000",
    });
    expect(steps).toEqual([
      expect.objectContaining({
        kind: "signature",
        items: [
          expect.objectContaining({
            data: expect.objectContaining({
              post: expect.objectContaining({ endpoint: `/app-fees/${appWallet}/claim/execute` }),
            }),
          }),
        ],
      }),
    ]);
    // The claim reserved its amount: 1.5 USDC is left.
    expect((await devnet.client.getAppFeeBalances({ wallet: appWallet })).balances[0]?.amount).toBe(
      "1500000",
    );
  });

  test("app fees: a claim the schema refuses is not sent, and the devnet refuses it the same way", async () => {
    const claim = { wallet: appWallet, chainId: originChainId, currency: originToken, recipient: appWallet };
    const error = await thrown(devnet.client.claimAppFees({ ...claim, amount: "1.5" }));
    expect(error).toMatchObject({ endpoint: "appFeeClaim", field: "amount", rule: "pattern" });
    const post = (body: unknown) =>
      devnet.raw(`/app-fees/${appWallet}/claim`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(await post({ ...claim, wallet: undefined, chainId: String(originChainId) })).toMatchObject({
      status: 400,
      body: { errorCode: "UNSUPPORTED_CHAIN", message: expect.stringContaining('"chainId"') },
    });
    expect(await post({ chainId: originChainId, currency: originToken })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('"recipient"') },
    });
    expect((await devnet.client.getAppFeeBalances({ wallet: appWallet })).balances[0]?.amount).toBe(
      "2500000",
    );
  });

  test("permits: a valid submission reaches the devnet (an unknown request is 404); a bad one is refused on both sides", async () => {
    const permit = {
      signature: `0x${"ab".repeat(65)}`,
      kind: "eip3009",
      requestId: orderId,
      api: "bridge",
    } as const;
    const unknown = await thrown(devnet.client.submitPermit(permit));
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown).toMatchObject({ status: 404, code: "REQUEST_NOT_FOUND" });
    const bad = await thrown(devnet.client.submitPermit({ ...permit, api: "gasless" } as never));
    expect(bad).toMatchObject({ endpoint: "executePermit", field: "api", rule: "enum" });
    expect(
      await devnet.raw("/execute/permits", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "eip3009", requestId: orderId }),
      }),
    ).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_REQUEST", message: expect.stringContaining('"signature"') },
    });
  });
});
