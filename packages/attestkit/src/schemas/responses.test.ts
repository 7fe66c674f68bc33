import { readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { fixturesDirectory, loadFixture } from "../../../../test/support/fixtures.js";
import { responseSchemas } from "./responses.js";
import type { ResponseEndpoint } from "./types.js";

// biome-ignore lint/suspicious/noExplicitAny: fixtures are read and mutated freely in tests.
type Json = any;

const fixtures = fixturesDirectory;
const load = (name: string): unknown => loadFixture(name);
const clone = <value>(value: value): value => structuredClone(value);

const endpointOf: Record<string, ResponseEndpoint> = {
  "app-fee-balances": "appFeeBalances",
  "app-fee-claim": "appFeeClaim",
  "app-fee-claims": "appFeeClaims",
  "chain-health": "chainHealth",
  "chain-liquidity": "chainLiquidity",
  "deposit-address": "depositAddress",
  "deposit-address-reindex": "depositAddressReindex",
  execute: "execute",
  "execute-permits": "executePermit",
  "price-rates": "priceRates",
  "swap-sources": "swapSources",
  "token-price": "tokenPrice",
  attestation: "attestation",
  chains: "chains",
  config: "config",
  currencies: "currencies",
  "currencies-v2": "currenciesV2",
  "devnet-info": "devnetInfo",
  error: "error",
  price: "price",
  quote: "quote",
  requests: "requests",
  "requests-v2": "requestsV2",
  status: "status",
  "transactions-index": "transactionsIndex",
  "transactions-single": "transactionsSingle",
  webhook: "webhook",
};

async function validate(endpoint: ResponseEndpoint, body: unknown) {
  return responseSchemas[endpoint]["~standard"].validate(body);
}

async function accepted(endpoint: ResponseEndpoint, body: unknown) {
  const result = await validate(endpoint, body);
  if (result.issues) throw new Error(`${endpoint}: ${JSON.stringify(result.issues)}`);
  return result.value as Json;
}

async function rejectedAt(endpoint: ResponseEndpoint, body: unknown) {
  const result = await validate(endpoint, body);
  expect(result.issues).toBeDefined();
  return (result.issues ?? []).map((issue) => (issue.path ?? []).map(String).join("."));
}

test("default", async () => {
  const quote = await accepted("quote", load("quote.evm-swap.json"));
  expect(quote.steps).toHaveLength(2);
});

describe("every fixture is accepted through its Standard Schema", () => {
  const names = readdirSync(fixtures).filter((name) => name.endsWith(".json"));
  test("there is a fixture for every endpoint", () => {
    const covered = new Set(names.map((name) => endpointOf[name.replace(/\.json$/, "").split(".")[0] ?? ""]));
    expect([...covered].sort()).toEqual(Object.keys(responseSchemas).sort());
  });
  test.each(names)("%s", async (name) => {
    const endpoint = endpointOf[name.replace(/\.json$/, "").split(".")[0] ?? ""];
    expect(endpoint).toBeDefined();
    await accepted(endpoint as ResponseEndpoint, load(name));
  });
});

describe("lenient", () => {
  test("unknown fields are kept at every level", async () => {
    const quote = await accepted("quote", load("quote.evm-swap.json"));
    expect(quote.requestId).toBe("0x4a7e2d3f8c1b5a6e9d0f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e");
    expect(quote.breakdown).toEqual([{ value: 6, timeEstimate: 6 }]);
    expect(quote.protocol.v2.hubType).toBe("onchain");
    expect(quote.details.refundCurrency.amount).toBe("100000000");
    const webhook = await accepted("webhook", load("webhook.json"));
    expect(webhook.data.apiKeyLabel).toBe("backend");
    const chains = await accepted("chains", load("chains.json"));
    expect(chains.chains[0].erc20Currencies[0].supportsPermit).toBe(true);
  });

  test("numbers that vary between string and number", async () => {
    const quote = await accepted("quote", load("quote.evm-swap.json"));
    expect(quote.steps[0].items[0].data.gas).toBe(55000);
    expect(quote.steps[1].items[0].data.gas).toBe("148211");
    // Chain ids are read as numbers whichever way they come.
    expect(quote.steps[1].items[0].data.chainId).toBe(8453);
    expect(quote.fees.relayerService.amount).toBe(5000);
    const refund = await accepted("status", load("status.refund.json"));
    expect(refund.originChainId).toBe(8253038);
    expect(refund.updatedAt).toBe("1767225699000");
  });

  test("nulls for optional fields", async () => {
    const quote = await accepted("quote", load("quote.evm-swap.json"));
    expect(quote.feeSponsorship).toBeNull();
    expect(quote.steps[0].items[0].check).toBeNull();
    const status = await accepted("status", load("status.unknown.json"));
    expect(status.txHashes).toBeNull();
  });

  test("an unknown status string is kept", async () => {
    const status = await accepted("status", load("status.unknown.json"));
    expect(status.status).toBe("settling");
    const webhook = clone(load("webhook.json")) as Json;
    webhook.data.status = "delayed";
    webhook.event = "request.status.created";
    const parsed = await accepted("webhook", webhook);
    expect([parsed.event, parsed.data.status]).toEqual(["request.status.created", "delayed"]);
  });

  test("an unknown fail reason and an unknown VM type are kept as the strings they are", async () => {
    const status = clone(load("status.unknown.json")) as Json;
    status.failReason = "A_REASON_FROM_THE_FUTURE";
    expect((await accepted("status", status)).failReason).toBe("A_REASON_FROM_THE_FUTURE");
    const chains = clone(load("chains.json")) as Json;
    chains.chains[0].vmType = "zkvm";
    expect((await accepted("chains", chains)).chains[0]?.vmType).toBe("zkvm");
  });

  test("an unknown step kind is kept", async () => {
    const quote = clone(load("quote.evm-swap.json")) as Json;
    quote.steps[0].kind = "eip7702";
    expect((await accepted("quote", quote)).steps[0].kind).toBe("eip7702");
  });

  test("attestation: v1 and v2 shapes, nulls read as absent", async () => {
    const v1 = await accepted("attestation", load("attestation.v1.json"));
    expect(v1.requestData.originAmount).toBe("100000000");
    expect(v1.requestData.destinationCurrency).toBeUndefined();
    const v2 = await accepted("attestation", load("attestation.v2.json"));
    expect(v2.requestData.originAmount).toBeUndefined();
    expect(v2.requestData.destinationCurrency).toBe("0x0000000000000000000000000000000000000000");
    expect(v2.requestData.originChainId).toBe("8453");
  });

  test("both error shapes", async () => {
    expect(await accepted("error", load("error.quote-400.json"))).toMatchObject({
      errorCode: "AMOUNT_TOO_LOW",
    });
    expect(await accepted("error", load("error.signature.json"))).toMatchObject({
      code: "REQUEST_NOT_FOUND",
    });
    expect(await accepted("error", load("error.rate-limit.json"))).toEqual({
      message: "Too many requests, please try again later.",
    });
  });
});

describe("step item variants", () => {
  test("EVM transaction and approval", async () => {
    const approval = clone(load("quote.evm-swap.json")) as Json;
    delete approval.steps[0].items[0].data.data;
    delete approval.steps[0].items[0].data.value;
    const quote = await accepted("quote", approval);
    expect(quote.steps[0].items[0].data).toMatchObject({
      to: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
      chainId: 8453,
    });
    expect(quote.steps[1].items[0].data.data).toMatch(/^0x58109c0c/);
  });

  test("signature: eip191 and eip712 with post", async () => {
    const quote = await accepted("quote", load("quote.signature.json"));
    expect(quote.steps[0].items[0].data.sign.signatureKind).toBe("eip191");
    expect(quote.steps[0].items[0].data.post.endpoint).toBe("/authorize");
    expect(quote.steps[1].items[0].data.sign.primaryType).toBe("ReceiveWithAuthorization");
  });

  test("psbt and exchange action", async () => {
    const btc = await accepted("quote", load("quote.bitcoin-origin.json"));
    expect(btc.steps[0].items[0].data.psbt).toMatch(/^70736274ff/);
    const exchange = await accepted("quote", load("quote.exchange-withdraw.json"));
    expect(exchange.steps[0].items[0].data.action.parameters.toAccountIndex).toBe(281474976710654);
  });
});

describe("rejects what breaks a caller", () => {
  test.each([
    ["an object", {}],
    ["a string", "[]"],
    ["null", null],
    ["missing", undefined],
  ])("steps as %s", async (_, steps) => {
    const quote = clone(load("quote.evm-swap.json")) as Json;
    quote.steps = steps;
    expect(await rejectedAt("quote", quote)).toContain("steps");
  });

  test("a body that is not an object", async () => {
    expect(await rejectedAt("quote", [])).toEqual([""]);
    expect(await rejectedAt("quote", "ok")).toEqual([""]);
  });

  test("items not an array", async () => {
    const quote = clone(load("quote.evm-swap.json")) as Json;
    quote.steps[1].items = { 0: quote.steps[1].items[0] };
    expect(await rejectedAt("quote", quote)).toEqual(["steps.1.items"]);
  });

  test("item data of no known shape", async () => {
    const quote = clone(load("quote.evm-swap.json")) as Json;
    quote.steps[1].items[0].data = { calldata: "0x" };
    expect(await rejectedAt("quote", quote)).toEqual(["steps.1.items.0.data"]);
  });

  test("a signature kind that cannot be signed", async () => {
    const quote = clone(load("quote.signature.json")) as Json;
    quote.steps[0].items[0].data.sign.signatureKind = "eip1271";
    expect(await rejectedAt("quote", quote)).toEqual(["steps.0.items.0.data"]);
  });

  test("a transaction chain id that is not a number", async () => {
    const quote = clone(load("quote.evm-swap.json")) as Json;
    quote.steps[1].items[0].data.chainId = "base";
    expect(await rejectedAt("quote", quote)).toEqual(["steps.1.items.0.data"]);
  });

  test("status without status", async () => {
    const status = clone(load("status.success.json")) as Json;
    delete status.status;
    expect(await rejectedAt("status", status)).toEqual(["status"]);
    status.status = 3;
    expect(await rejectedAt("status", status)).toEqual(["status"]);
  });

  test("webhook without data or request id", async () => {
    const webhook = clone(load("webhook.json")) as Json;
    delete webhook.data.requestId;
    expect(await rejectedAt("webhook", webhook)).toEqual(["data.requestId"]);
    delete webhook.data;
    expect(await rejectedAt("webhook", webhook)).toEqual(["data"]);
  });

  test("attestation without signature or a signed field", async () => {
    const attestation = clone(load("attestation.v1.json")) as Json;
    delete attestation.requestData.destinationUser;
    expect(await rejectedAt("attestation", attestation)).toEqual(["requestData.destinationUser"]);
    const unsigned = clone(load("attestation.v1.json")) as Json;
    unsigned.signature = null;
    expect(await rejectedAt("attestation", unsigned)).toEqual(["signature"]);
  });

  test("currencies not a list of lists, chains without chains, error without message", async () => {
    expect(await rejectedAt("currencies", (load("currencies.json") as unknown[])[0])).toContain("0");
    expect(await rejectedAt("chains", { data: [] })).toEqual(["chains"]);
    expect(await rejectedAt("error", { errorCode: "NO_QUOTES" })).toEqual(["message"]);
  });
});
