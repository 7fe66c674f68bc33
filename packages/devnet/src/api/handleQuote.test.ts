import { type Hex, numberToHex, recoverMessageAddress } from "viem";
import { expect, test } from "vitest";
import { apiChains, apiUrl, currencies, solver, thrown } from "../../../../test/support/devnetApi.js";
import { testAddress, user } from "../../../../test/support/fixtures.js";
import { bitcoin } from "../../../attestkit/src/chains/bitcoin/constants.js";
import type { QuoteRequest } from "../../../attestkit/src/schemas/index.js";
import { nativeCurrencyAddress } from "../constants.js";
import { createPermitBook } from "../state/createPermitBook.js";
import { createRequestStore } from "../state/createRequestStore.js";
import { handlePrice, handleQuote, type QuoteDeps } from "./handleQuote.js";

/** The origin answers the reads of a quote: a gas price of 1 gwei and 10 ETH for everyone. */
const request = async ({ method }: { method: string }) => {
  if (method === "eth_gasPrice") return numberToHex(10n ** 9n);
  if (method === "eth_getBalance") return numberToHex(10n ** 19n);
  // The step items' fee data (`priceStepItems`); no sender can be estimated for.
  if (method === "eth_getBlockByNumber") return { baseFeePerGas: numberToHex(10n ** 9n) };
  if (method === "eth_maxPriorityFeePerGas") return numberToHex(10n ** 8n);
  if (method === "eth_estimateGas") throw new Error("execution reverted");
  throw new Error(`unexpected ${method}`);
};

/** A devnet of two EVM chains, without Bitcoin or the exchange, its store empty. */
function deps(patch: Partial<QuoteDeps> = {}): QuoteDeps {
  return {
    url: apiUrl,
    chains: apiChains({ 31337: { request }, 31338: { request } }),
    currencies,
    solver,
    swaps: undefined,
    bitcoin: undefined,
    exchange: undefined,
    permits: createPermitBook(),
    store: createRequestStore({ onTransition: () => {}, log: () => {} }),
    ...patch,
  };
}

/** 1 ETH from 31337 to 31338, native to native. */
const body = (patch: Partial<QuoteRequest> = {}): QuoteRequest => ({
  user,
  recipient: testAddress,
  originChainId: 31337,
  destinationChainId: 31338,
  originCurrency: nativeCurrencyAddress,
  destinationCurrency: nativeCurrencyAddress,
  amount: "1000000000000000000",
  tradeType: "EXACT_INPUT",
  ...patch,
});

test("default: a quote stores a waiting request under the steps' request id", async () => {
  const context = deps();
  const quote = await handleQuote({ context, body: body(), apiKey: "key" });
  const requestId = quote.steps[0]?.requestId as Hex;
  expect(requestId).toMatch(/^0x[0-9a-f]{64}$/);
  expect(context.store.get(requestId)).toMatchObject({
    status: "waiting",
    apiKey: "key",
    originChainId: 31337,
    destinationChainId: 31338,
    amountIn: 10n ** 18n,
  });
  expect(quote.details).not.toHaveProperty("devnetNotSimulated");
});

test("includeProtocolData: the order id is signed by the devnet solver", async () => {
  const quote = await handleQuote({
    context: deps(),
    body: body({ includeProtocolData: true }),
    apiKey: undefined,
  });
  const { orderId, orderSignature } = (
    quote as unknown as { protocol: { v2: { orderId: Hex; orderSignature: Hex } } }
  ).protocol.v2;
  expect(await recoverMessageAddress({ message: { raw: orderId }, signature: orderSignature })).toBe(
    solver.address,
  );
});

test("a price reads the origin and stores nothing", async () => {
  const context = deps();
  const price = await handlePrice({ context, body: body() });
  expect(price.details).toMatchObject({ currencyIn: { amount: "1000000000000000000" } });
  expect(context.store.all()).toEqual([]);
});

test("fields the devnet accepts but does not simulate are listed in details.devnetNotSimulated", async () => {
  // Solana-only: the devnet has no Solana chain.
  const marked = body({ maxRouteLength: 2 } as Partial<QuoteRequest>);
  expect((await handlePrice({ context: deps(), body: marked })).details.devnetNotSimulated).toContain(
    "maxRouteLength",
  );
  expect(
    (await handleQuote({ context: deps(), body: marked, apiKey: undefined })).details.devnetNotSimulated,
  ).toContain("maxRouteLength");
});

test("a pair of chains without a route, or one the devnet does not run: 400 UNSUPPORTED_CHAIN", async () => {
  const context = deps();
  const noRoute = body({ originChainId: bitcoin.chainId, destinationChainId: bitcoin.chainId });
  for (const run of [
    () => handlePrice({ context, body: noRoute }),
    () => handleQuote({ context, body: noRoute, apiKey: undefined }),
  ])
    expect(await thrown(run)).toMatchObject({ status: 400, body: { errorCode: "UNSUPPORTED_CHAIN" } });
  // Bitcoin is a route, but this devnet does not run it.
  const toBitcoin = body({
    destinationChainId: bitcoin.chainId,
    destinationCurrency: bitcoin.nativeCurrency,
  });
  expect(await thrown(() => handleQuote({ context, body: toBitcoin, apiKey: undefined }))).toMatchObject({
    status: 400,
    body: { errorCode: "UNSUPPORTED_CHAIN" },
  });
  expect(context.store.all()).toEqual([]);
});
