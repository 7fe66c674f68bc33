import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { type Address, createWalletClient, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { checkNoCoinWithoutOwner } from "../../../../test/support/checkNoCoinWithoutOwner.js";
import { pollUntil } from "../../../../test/support/pollUntil.js";
import { verifyAttestation } from "../../../attestkit/src/attestation/verifyAttestation.js";
import { bitcoin } from "../../../attestkit/src/chains/bitcoin/constants.js";
import { toOrderChains } from "../../../attestkit/src/orders/toOrderChains.js";
import { verifyQuote } from "../../../attestkit/src/orders/verifyQuote.js";
import { responseSchemas } from "../../../attestkit/src/schemas/responses.js";
import { isFinalStatus } from "../../../attestkit/src/schemas/statuses.js";
import { nativeCurrencyAddress } from "../constants.js";
import { createDevnet, type Devnet } from "../createDevnet.js";

// One devnet with interval mining (100 ms blocks) and a tight per-key rate limit.
let devnet: Devnet;
const limitedKey = "limited-key";

beforeAll(async () => {
  devnet = await createDevnet({
    port: 0,
    originChainId: 1001,
    destinationChainId: 1002,
    blockTimeMs: 100,
    rateLimit: { windowMs: 60_000, anonymous: 100_000, apiKey: 3 },
    // The fee model alone (the price impact of swaps has its own tests).
    priceImpact: false,
    log: () => {},
  });
});
afterEach(async () => {
  if (devnet) await checkNoCoinWithoutOwner(devnet);
});
afterAll(async () => {
  await devnet?.stop();
});

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${devnet.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
};
const get = async (path: string) => {
  const response = await fetch(`${devnet.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const user = () => (devnet.info.testAccounts[0] as { address: Address }).address;
const token = (index: number) =>
  (devnet.info.chains[index] as Devnet["info"]["chains"][number]).contracts.token;
const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  user: user(),
  originChainId: 1001,
  destinationChainId: 1002,
  originCurrency: nativeCurrencyAddress,
  destinationCurrency: nativeCurrencyAddress,
  amount: "1000000000000000",
  tradeType: "EXACT_INPUT",
  ...overrides,
});

test("default: GET /chains lists both chains in the interface's shape", async () => {
  const { status, body } = await get("/chains");
  expect(status).toBe(200);
  const { chains } = responseSchemas.chains.parse(body);
  expect(chains.map((chain) => chain.id)).toEqual([1001, 1002, 8253038, 3586256]);
  const [origin] = devnet.info.chains;
  expect(chains[0]).toMatchObject({
    httpRpcUrl: `${devnet.url}/rpc/1001`,
    solverAddresses: [devnet.info.solver.address],
    name: "devnet-origin",
    protocol: { v2: { chainId: "devnet-origin", depository: origin?.contracts.depository } },
    currency: { symbol: "ETH", decimals: 18, address: nativeCurrencyAddress },
    erc20Currencies: [
      { symbol: "USDC", decimals: 6, address: origin?.contracts.token },
      { symbol: "WETH", decimals: 18, address: origin?.contracts.weth },
    ],
    vmType: "evm",
  });
  expect(chains[1]).toMatchObject({
    name: "devnet-destination",
    protocol: { v2: { chainId: "devnet-destination" } },
  });
  // The slug map an order verifier builds from this answer.
  expect(toOrderChains({ chains: body })).toEqual({
    vmTypes: {
      "devnet-origin": "ethereum-vm",
      "devnet-destination": "ethereum-vm",
      "devnet-bitcoin": "bitcoin-vm",
      "devnet-exchange": "lighter-vm",
    },
    depositories: {
      "devnet-origin": origin?.contracts.depository,
      "devnet-destination": devnet.info.chains[1]?.contracts.depository,
      // Bitcoin's deposit address is the solver's; the exchange's is the relayer account.
      "devnet-bitcoin": devnet.info.bitcoin.solver.address,
      "devnet-exchange": "1000",
    },
  });
  // The depository and token share their address across chains, like the live solver's contracts.
  expect(devnet.info.chains[1]?.contracts.depository).toBe(origin?.contracts.depository);
  expect(origin?.contracts.attestedDepositReceiver).toMatch(/^0x[0-9a-fA-F]{40}$/);
});

describe("POST /currencies/v1", () => {
  const search = async (body: unknown) => {
    const response = await post("/currencies/v1", body);
    expect(response.status).toBe(200);
    return responseSchemas.currencies
      .parse(response.body)
      .map((group) => group.map((c) => `${c.chainId}:${c.symbol}`));
  };
  test("every filter applies", async () => {
    // Bitcoin's BTC and the exchange's USDC (Perp) (in the USDC group) after the EVM chains' currencies
    // (ETH, USDC and the devnet's WETH of same-chain wraps).
    expect(await search({})).toEqual([
      ["1001:ETH", "1002:ETH"],
      ["1001:USDC", "1002:USDC", "3586256:USDC (Perp)"],
      ["1001:WETH", "1002:WETH"],
      ["8253038:BTC"],
    ]);
    // The default list: not the devnet's WETH.
    expect(await search({ defaultList: true, chainIds: [1002] })).toEqual([["1002:ETH"], ["1002:USDC"]]);
    expect(await search({ term: "usd" })).toEqual([["1001:USDC", "1002:USDC", "3586256:USDC (Perp)"]]);
    expect(await search({ term: "ETHER" })).toEqual([
      ["1001:ETH", "1002:ETH"],
      ["1001:WETH", "1002:WETH"],
    ]);
    expect(await search({ address: token(0).toLowerCase(), chainIds: [1001] })).toEqual([["1001:USDC"]]);
    // The same currency on every chain: its group, the exchange's USDC (Perp) included.
    expect(await search({ address: token(0), chainIds: [1001], includeAllChains: true })).toEqual([
      ["1001:USDC", "1002:USDC", "3586256:USDC (Perp)"],
    ]);
    expect(await search({ currencyId: "eth" })).toEqual([["1001:ETH", "1002:ETH"]]);
    expect(await search({ tokens: [`1002:${token(1)}`] })).toEqual([["1002:USDC"]]);
    expect(await search({ verified: false })).toEqual([]);
    expect(await search({ verified: true, limit: 1 })).toEqual([["1001:ETH", "1002:ETH"]]);
    // Deposit addresses bridge native currencies only (the interface): ETH, not USDC.
    expect(await search({ depositAddressOnly: true, term: "usd" })).toEqual([]);
    expect(await search({ depositAddressOnly: true })).toEqual([["1001:ETH", "1002:ETH"], ["8253038:BTC"]]);
    expect(await search({ useExternalSearch: true, term: "nothing-like-this" })).toEqual([]);
  });
  test("a body breaking the schema is 400 with errorCode", async () => {
    expect(await post("/currencies/v1", { limit: 0 })).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_REQUEST" },
    });
    expect(await post("/currencies/v1", "{not json")).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_REQUEST" },
    });
  });
});

test("POST /price: fees and details without steps or a stored request", async () => {
  const { status, body } = await post(
    "/price",
    quoteBody({ destinationCurrency: token(1), amount: parseEther("1").toString() }),
  );
  expect(status).toBe(200);
  const price = responseSchemas.price.parse(body);
  expect(body).not.toHaveProperty("steps");
  // 1 ETH less 10 bps and $0.01, at $3,000, rounded down to a USDC unit.
  expect(price.details).toMatchObject({ operation: "swap", rate: "2996.989999" });
  expect(price.details?.currencyOut).toMatchObject({
    amount: "2996989999",
    amountUsd: "2996.989999",
    amountFormatted: "2996.989999",
  });
  expect(price.fees?.relayerService).toMatchObject({
    amount: parseEther("0.001").toString(),
    amountUsd: "3",
  });
  expect(price.fees?.relayerGas).toMatchObject({ amountUsd: "0.01" });
});

describe("POST /quote/v2", () => {
  test("errors carry the live codes", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ user: "0x1234" }, "INVALID_ADDRESS"],
      [{ recipient: "not-an-address" }, "INVALID_RECIPIENT"],
      [{ originChainId: 1 }, "UNSUPPORTED_CHAIN"],
      [
        { destinationChainId: bitcoin.chainId, destinationCurrency: bitcoin.nativeCurrency },
        "INVALID_RECIPIENT",
      ],
      // Bitcoin is a route now: another currency than native BTC on it is refused.
      [
        {
          destinationChainId: bitcoin.chainId,
          destinationCurrency: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
          recipient: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        },
        "INVALID_OUTPUT_CURRENCY",
      ],
      [{ originCurrency: "0x00000000000000000000000000000000000000aa" }, "UNSUPPORTED_CURRENCY"],
      [{ originCurrency: "USDC" }, "INVALID_INPUT_CURRENCY"],
      [{ destinationCurrency: "0xzz" }, "INVALID_OUTPUT_CURRENCY"],
      [{ amount: "0" }, "AMOUNT_TOO_LOW"],
      [{ amount: "1000" }, "AMOUNT_TOO_LOW"],
      [{ slippageTolerance: "10001" }, "INVALID_SLIPPAGE_TOLERANCE"],
      [{ txs: [{ to: "0x1" }] }, "INVALID_EXTRA_TXS"],
      [{ destinationCurrency: token(1), txs: [{ to: user(), value: "1" }] }, "INVALID_EXTRA_TXS"],
      [{ tradeType: "EXACT" }, "INVALID_REQUEST"],
      [{ useDepositAddress: true, txs: [{ to: user() }] }, "UNSUPPORTED_EXECUTION_TYPE"],
    ];
    for (const [overrides, errorCode] of cases) {
      const { status, body } = await post("/quote/v2", quoteBody(overrides));
      expect({ overrides, status, errorCode: body.errorCode }).toEqual({ overrides, status: 400, errorCode });
      expect(responseSchemas.error.parse(body).message.length).toBeGreaterThan(0);
    }
  });

  test("amounts of 2^256 or more are 400, never a stored request or a 500 later", async () => {
    const two256 = (2n ** 256n).toString();
    const max = (2n ** 256n - 1n).toString();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: two256 }, "INVALID_REQUEST"],
      [{ amount: `1${"0".repeat(5_000)}` }, "INVALID_REQUEST"],
      [{ amount: two256, tradeType: "EXACT_OUTPUT" }, "INVALID_REQUEST"],
      // Within the bound, but the fees of an exact output push the input over it.
      [{ amount: max, tradeType: "EXACT_OUTPUT" }, "INVALID_REQUEST"],
      [{ txs: [{ to: user(), value: two256 }] }, "INVALID_EXTRA_TXS"],
    ];
    for (const [overrides, errorCode] of cases) {
      const { status, body } = await post("/quote/v2", quoteBody(overrides));
      expect({ status, errorCode: body.errorCode }).toEqual({ status: 400, errorCode });
    }
    const price = await post("/price", quoteBody({ amount: two256 }));
    expect(price.status).toBe(400);
    // The largest EXACT_INPUT is accepted, and its attestation signs (no overflow anywhere).
    const { status, body } = await post("/quote/v2", quoteBody({ amount: max }));
    expect(status).toBe(200);
    const requestId = (body.steps as { requestId: string }[])[0]?.requestId;
    expect((await get(`/requests/${requestId}/signature`)).status).toBe(200);
  });

  test("EXACT_INPUT below the fees names the minimum", async () => {
    const { body } = await post("/quote/v2", quoteBody({ amount: "1000" }));
    expect(body.message).toMatchInlineSnapshot(
      `"Amount 1000 is too low to cover the fees (minimum 3336670003339)."`,
    );
  });

  test("the quote carries fees, sponsorship, details, protocol data and an order signature", async () => {
    const { status, body } = await post(
      "/quote/v2",
      quoteBody({
        subsidizeFees: true,
        sponsoredFeeComponents: ["execution"],
        referrer: "app.example",
        includeProtocolData: true,
        ttl: 600,
      }),
    );
    expect(status).toBe(200);
    const quote = responseSchemas.quote.parse(body);
    // The sponsor pays the $0.01 gas component: only 10 bps are deducted.
    expect(quote.details?.currencyOut?.amount).toBe("999000000000000");
    expect(quote.fees?.subsidized?.amount).toBe("3333333333334");
    expect(quote.feeSponsorship?.quoted).toMatchObject({ selectedComponents: ["execution"], capHit: false });
    const v2 = quote.protocol?.v2 as NonNullable<NonNullable<typeof quote.protocol>["v2"]>;
    expect(v2).toMatchObject({
      paymentDetails: {
        chainId: "devnet-origin",
        currency: nativeCurrencyAddress,
        amount: "1000000000000000",
      },
      hubType: "onchain",
    });
    // Two ids, as in the live service: the steps and the status use the request id, the deposit the order id.
    expect(v2.orderId).not.toBe(quote.requestId);
    expect(quote.steps[0]?.requestId).toBe(quote.requestId);
    const deposit = quote.steps[0]?.items[0]?.data as { data: Hex };
    expect(deposit.data.slice(-64)).toBe((v2.orderId as string).slice(2));
    // The order verifies against the devnet's own /chains with the devnet solver in the solver set.
    const verdict = await verifyQuote({
      quote: body,
      chains: toOrderChains({ chains: (await get("/chains")).body }),
      solvers: [devnet.info.solver.address],
    });
    expect(verdict.checks.filter((check) => !check.ok)).toEqual([]);
    expect(verdict).toMatchObject({ valid: true, orderId: v2.orderId, signer: devnet.info.solver.address });
    // The order's deadline is the ttl's: quote time + 600 s, to the second.
    const { orderData } = v2 as { orderData: { output: { deadline: number } } };
    expect(Math.abs(orderData.output.deadline - (Math.floor(Date.now() / 1000) + 600))).toBeLessThanOrEqual(
      2,
    );
    // Known, not deposited: waiting; the referrer is kept for later.
    expect((await get(`/intents/status/v3?requestId=${quote.requestId}`)).body).toMatchObject({
      status: "waiting",
      referrer: "app.example",
      inTxHashes: [],
      failReason: "N/A",
    });
    // The order id is no request id.
    expect((await get(`/intents/status/v3?requestId=${v2.orderId}`)).status).toBe(404);
  });

  test("without includeProtocolData (absent or false) the order comes unsigned, as the live service sends it", async () => {
    for (const includeProtocolData of [undefined, false]) {
      const { status, body } = await post("/quote/v2", quoteBody({ includeProtocolData }));
      expect(status).toBe(200);
      const v2 = responseSchemas.quote.parse(body).protocol?.v2;
      expect(v2?.orderId).toMatch(/^0x[0-9a-f]{64}$/);
      expect(v2?.orderData).toMatchObject({
        version: "v1",
        solver: devnet.info.solver.address.toLowerCase(),
      });
      expect(v2?.paymentDetails).toMatchObject({ chainId: "devnet-origin" });
      expect(v2 && "orderSignature" in v2).toBe(false);
    }
  });

  test("a ttl whose deadline does not fit an order's uint32 is a 400", async () => {
    const { status, body } = await post("/quote/v2", quoteBody({ ttl: 2 ** 32 }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: "INVALID_REQUEST" });
  });
});

describe("status, signature, index", () => {
  test("unknown ids are 404 {message, code}; malformed ids 400 {message, code}", async () => {
    const unknown = `0x${"ab".repeat(32)}`;
    for (const path of [
      `/intents/status/v3?requestId=${unknown}`,
      `/intents/status?requestId=${unknown}`,
      `/requests/${unknown}/signature`,
      `/requests/${unknown}/signature/v2`,
    ])
      expect(await get(path)).toEqual({
        status: 404,
        body: { message: `Request ${unknown} not found.`, code: "REQUEST_NOT_FOUND" },
      });
    expect(await get("/intents/status/v3?requestId=0x12")).toMatchObject({
      status: 400,
      body: { code: "INVALID_REQUEST_ID" },
    });
    expect(await get("/intents/status/v3")).toMatchObject({
      status: 400,
      body: { code: "INVALID_REQUEST_ID" },
    });
    expect(await get("/requests/0x12/signature")).toMatchObject({
      status: 400,
      body: { code: "INVALID_REQUEST_ID" },
    });
    expect(await get("/no/such/route")).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });

  test("v1 and v2 attestations are signed by the devnet solver over their own tuples", async () => {
    const { body } = await post("/quote/v2", quoteBody({ destinationCurrency: token(1) }));
    const requestId = body.requestId as Hex;
    const v1 = responseSchemas.attestation.parse((await get(`/requests/${requestId}/signature`)).body);
    const v2 = responseSchemas.attestation.parse((await get(`/requests/${requestId}/signature/v2`)).body);
    expect(v1.requestData).toMatchObject({ originAmount: "1000000000000000", destinationChainId: 1002 });
    expect(v1.requestData.destinationCurrency).toBeUndefined();
    expect(v2.requestData).toMatchObject({ destinationCurrency: token(1) });
    expect(v2.requestData.originAmount).toBeUndefined();
    const solvers = [devnet.info.solver.address];
    expect((await verifyAttestation({ requestId, ...v1, solvers })).valid).toBe(true);
    expect((await verifyAttestation({ requestId, ...v2, solvers, version: "v2" })).valid).toBe(true);
    // The v1 signature does not cover the v2 tuple.
    expect(
      (
        await verifyAttestation({
          requestId,
          requestData: v2.requestData,
          signature: v1.signature,
          solvers,
          version: "v2",
        })
      ).valid,
    ).toBe(false);
  });

  test("POST /transactions/index: 404 for an unknown transaction, 400 for another chain", async () => {
    const hash = `0x${"cd".repeat(32)}`;
    expect(await post("/transactions/index", { chainId: 1001, txHash: hash })).toMatchObject({
      status: 404,
      body: { errorCode: "TRANSACTION_NOT_FOUND" },
    });
    expect(await post("/transactions/index", { chainId: "1002", txHash: hash })).toMatchObject({
      status: 404,
    });
    expect(await post("/transactions/index", { chainId: 5, txHash: hash })).toMatchObject({
      status: 400,
      body: { errorCode: "UNSUPPORTED_CHAIN" },
    });
    expect(await post("/transactions/index", { chainId: 1001 })).toMatchObject({ status: 400 });
  });
});

test("interval mining: a deposit waits for its block, is indexed through the endpoint and filled", async () => {
  const account = privateKeyToAccount((devnet.info.testAccounts[3] as { privateKey: Hex }).privateKey);
  const { body } = await post("/quote/v2", quoteBody({ user: account.address }));
  const data = (body.steps as { items: { data: { to: Address; data: Hex; value: string } }[] }[])[0]?.items[0]
    ?.data;
  const wallet = createWalletClient({
    account,
    transport: http(`${devnet.url}/rpc/1001`),
    pollingInterval: 50,
  });
  const hash = await wallet.sendTransaction({
    chain: null,
    to: data?.to,
    data: data?.data,
    value: BigInt(data?.value ?? 0),
  });
  const indexed = await post("/transactions/index", { chainId: 1001, txHash: hash });
  // Not mined yet (the block comes within 100 ms: queued), or already mined (indexed): both 200.
  expect(indexed.status).toBe(200);
  // However long the block and the fill take: polled until final (a refund would fail below).
  const status = await pollUntil("the deposit's final status", async () => {
    const read = String((await get(`/intents/status/v3?requestId=${body.requestId}`)).body.status);
    return isFinalStatus(read) ? read : undefined;
  });
  expect(status).toBe("success");
});

test("JSON-RPC: single, batch, and the chain's errors passed through", async () => {
  const rpc = (body: unknown) => post("/rpc/1002", body);
  expect((await rpc({ jsonrpc: "2.0", id: 7, method: "eth_chainId" })).body).toEqual({
    jsonrpc: "2.0",
    id: 7,
    result: "0x3ea",
  });
  const batch = await fetch(`${devnet.url}/rpc/1001`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify([
      { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
      { jsonrpc: "2.0", id: 2, method: "eth_noSuchMethod" },
      { jsonrpc: "2.0", id: 3 },
    ]),
  });
  const answers = (await batch.json()) as { id: number; result?: string; error?: { code: number } }[];
  expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3]);
  expect(answers[0]?.result).toBe("0x3e9");
  expect(answers[1]?.error?.code).toBe(-32004);
  expect(answers[2]?.error?.code).toBe(-32600);
  expect((await rpc("{")).body).toMatchObject({ error: { code: -32700 } });
  expect((await post("/rpc/999", { jsonrpc: "2.0", id: 1, method: "eth_chainId" })).status).toBe(404);
});

describe("requests a web page could make", () => {
  /** A request with exactly these headers (node:http sends the Host given, as a browser would). */
  const send = (
    path: string,
    { method = "POST", headers = {}, body = "" } = {} as {
      method?: string;
      headers?: Record<string, string>;
      body?: string;
    },
  ) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const request = httpRequest(`${devnet.url}${path}`, { method, headers });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      request.on("error", reject);
      request.end(body);
    });
  const rpcCall = (method: string, params: unknown[] = []) =>
    JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });

  test("a foreign Host (DNS rebinding) is 403 FORBIDDEN_HOST, even for a read", async () => {
    const answer = await send("/devnet/info", {
      method: "GET",
      headers: { host: `rebind.example:${new URL(devnet.url).port}` },
    });
    expect(answer).toMatchObject({ status: 403, body: { errorCode: "FORBIDDEN_HOST" } });
    expect(JSON.stringify(answer.body)).not.toContain("privateKey");
    expect(
      (
        await send("/devnet/info", {
          method: "GET",
          headers: { host: `localhost:${new URL(devnet.url).port}` },
        })
      ).status,
    ).toBe(200);
  });

  test("another origin is 403 FORBIDDEN_ORIGIN; the devnet's own is served", async () => {
    const headers = { "content-type": "application/json" };
    const body = JSON.stringify(quoteBody());
    expect(
      await send("/quote/v2", { headers: { ...headers, origin: "http://127.0.0.1:5173" }, body }),
    ).toMatchObject({
      status: 403,
      body: { errorCode: "FORBIDDEN_ORIGIN" },
    });
    expect((await send("/quote/v2", { headers: { ...headers, origin: devnet.url }, body })).status).toBe(200);
  });

  test("a body that is not JSON is 415 UNSUPPORTED_MEDIA_TYPE, before it is acted on", async () => {
    expect(
      await send("/quote/v2", {
        headers: { "content-type": "text/plain;charset=UTF-8" },
        body: JSON.stringify(quoteBody()),
      }),
    ).toMatchObject({ status: 415, body: { errorCode: "UNSUPPORTED_MEDIA_TYPE" } });
    expect(
      await send("/rpc/1001", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: rpcCall("eth_chainId"),
      }),
    ).toMatchObject({ status: 415 });
  });

  test("JSON-RPC: a wallet extension's eth_ calls are served; the chain-admin methods are refused to everyone", async () => {
    const headers = {
      "content-type": "application/json",
      origin: "chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn",
    };
    expect((await send("/rpc/1001", { headers, body: rpcCall("eth_chainId") })).body).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: "0x3e9",
    });
    const victim = user();
    for (const [method, params] of [
      ["hardhat_setBalance", [victim, "0x0"]],
      ["hardhat_setCode", [victim, "0x6000"]],
      ["hardhat_impersonateAccount", [devnet.info.solver.address]],
      ["evm_increaseTime", [3600]],
    ] as const) {
      const answer = await post("/rpc/1001", JSON.parse(rpcCall(method, [...params])));
      expect({ method, error: (answer.body.error as { code: number }).code }).toEqual({
        method,
        error: -32004,
      });
    }
    expect(
      (await post("/rpc/1001", JSON.parse(rpcCall("eth_getBalance", [victim, "latest"])))).body.result,
    ).not.toBe("0x0");
  });
});

describe("request body limit", () => {
  const big = (bytes: number) => `{"pad":"${"x".repeat(bytes - 10)}"}`;
  /**
   * POSTs with node:http and resolves on the answer even when the server answers before reading the
   * whole body and closes the socket (fetch reports that as a failure of the upload).
   */
  const postRaw = (path: string, body: string) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const request = httpRequest(`${devnet.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      let answered = false;
      request.on("response", (response) => {
        answered = true;
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      request.on("error", (error) => {
        if (!answered) reject(error);
      });
      request.end(body);
    });

  test("a body over 1 MiB is 413 with a JSON error, whatever the endpoint", async () => {
    for (const path of ["/quote/v2", "/price", "/currencies/v1", "/transactions/index", "/rpc/1001"]) {
      const { status, body } = await postRaw(path, big(10 * 1024 * 1024));
      expect({ path, status }).toEqual({ path, status: 413 });
      expect(body).toEqual({
        message: "The request body is larger than 1048576 bytes.",
        errorCode: "REQUEST_TOO_LARGE",
      });
    }
  });

  test("a chunked body (no content-length) is cut at the limit too", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 40) return controller.close();
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${devnet.url}/quote/v2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errorCode: "REQUEST_TOO_LARGE" });
  });

  /**
   * Sends a request on a bare socket, the whole body before reading, as curl or a script does; resolves
   * with everything the devnet wrote and how the connection ended.
   */
  const sendWhole = (head: string, body: string | string[] = "", { end = true } = {}) =>
    new Promise<{ received: string; error: string | undefined }>((resolve) => {
      const socket = connect(Number(new URL(devnet.url).port), "127.0.0.1");
      let received = "";
      let error: string | undefined;
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        received += chunk;
        // Without a body to send, the client leaves once the answer is in.
        if (!end && /\r\n\r\n\{.*\}$/s.test(received)) socket.end();
      });
      socket.on("error", (cause: NodeJS.ErrnoException) => (error = cause.code));
      socket.on("close", () => resolve({ received, error }));
      socket.write(head);
      for (const part of Array.isArray(body) ? body : [body]) socket.write(part);
      if (end) socket.end();
    });
  const tooLarge = {
    message: "The request body is larger than 1048576 bytes.",
    errorCode: "REQUEST_TOO_LARGE",
  };
  const bodyOf = (received: string) => JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4));

  test("a 10 MB body sent whole, then read: the 413 arrives and the connection closes cleanly, no reset", async () => {
    const body = big(10 * 1024 * 1024);
    const host = new URL(devnet.url).host;
    const { received, error } = await sendWhole(
      `POST /quote/v2 HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(error).toBeUndefined();
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).toContain("\r\nconnection: close\r\n");
    expect(bodyOf(received)).toEqual(tooLarge);
  });

  test("chunked, the same: cut at the limit, answered 413, closed once the body is in", async () => {
    const host = new URL(devnet.url).host;
    const chunk = `10000\r\n${"x".repeat(65_536)}\r\n`;
    const { received, error } = await sendWhole(
      `POST /rpc/1001 HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      [...Array.from({ length: 160 }, () => chunk), "0\r\n\r\n"],
    );
    expect(error).toBeUndefined();
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(bodyOf(received)).toEqual(tooLarge);
  });

  test("a client that announces its body (Expect: 100-continue) is answered 413 before sending it", async () => {
    const host = new URL(devnet.url).host;
    const { received, error } = await sendWhole(
      `POST /quote/v2 HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 10485760\r\nExpect: 100-continue\r\n\r\n`,
      "",
      { end: false },
    );
    expect(error).toBeUndefined();
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(bodyOf(received)).toEqual(tooLarge);
  });

  test("a body of exactly the limit is read (and judged on its content)", async () => {
    const body = `{}${" ".repeat(1_048_576 - 2)}`;
    expect(Buffer.byteLength(body)).toBe(1_048_576);
    const response = await postRaw("/quote/v2", body);
    expect(response.status).toBe(400);
    expect(response.body.errorCode).not.toBe("REQUEST_TOO_LARGE");
    expect((await postRaw("/quote/v2", `${body} `)).status).toBe(413);
  });
});

test("rate limit per API key: 429 with Retry-After, other callers unaffected", async () => {
  const headers = { "x-api-key": limitedKey };
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await post("/currencies/v1", {}, headers));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
  expect(answers[3]?.body).toEqual({ message: "Too many requests, retry later" });
  expect(Number(answers[3]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect((await post("/currencies/v1", {})).status).toBe(200);
  expect((await get("/devnet/info")).status).toBe(200);
});

test("GET /devnet/info lists chains, contracts, solver and funded test accounts", async () => {
  const { body } = await get("/devnet/info");
  expect(body).toMatchObject({
    originChainId: 1001,
    destinationChainId: 1002,
    mining: { mode: "interval", blockTimeMs: 100 },
    solver: { address: devnet.info.solver.address },
  });
  expect(body.testAccounts).toHaveLength(10);
  expect(body.testAccounts).toEqual(devnet.info.testAccounts);
});
