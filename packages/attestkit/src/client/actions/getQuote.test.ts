import { describe, expect, test, vi } from "vitest";
import {
  chainsAnswer,
  liveQuote,
  orderChains,
  quoteResponse,
  requestId,
  routeRequest,
} from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidRequestError, InvalidResponseError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { ApiError, RateLimitError } from "../errors/request.js";
import { quoteIntentOf } from "../payment/quoteIntent.js";
import { getQuote } from "./getQuote.js";

const server = useTestServer();

const apiKey = "sk_quote_0123456789abcdef";
const client = () => createBaseClient({ network: { baseUrl: server.url }, apiKey, retry: { delay: 1 } });

test("default: posts the body to /quote/v2 with the key and returns the parsed quote", async () => {
  server.on("POST", "/quote/v2", { body: quoteResponse() });
  const quote = await getQuote(client(), routeRequest());
  expect(quote.steps).toHaveLength(1);
  expect(quote.steps[0]).toMatchObject({ id: "deposit", kind: "transaction", requestId });
  // Lenient: unknown fields are kept, strings read as numbers where the schema says so.
  expect(quote.details?.newFieldFromTheFuture).toEqual({ kept: true });
  expect(quote.protocol?.v2?.hubType).toBe("relay");
  expect(quote.requestId).toBe(requestId);
  const [request] = server.requests;
  expect(request?.method).toBe("POST");
  // The order's signature is asked for: the payment guard of executeSteps checks it.
  expect(request?.body).toEqual({ ...routeRequest(), includeProtocolData: true });
  expect(request?.headers["x-api-key"]).toBe(apiKey);
  // The quote carries its request, out of its JSON.
  expect(quoteIntentOf(quote)).toEqual({ ...routeRequest(), includeProtocolData: true });
  expect(JSON.parse(JSON.stringify(quote))).not.toHaveProperty("includeProtocolData");
  expect(quoteIntentOf({ ...quote })).toEqual(quoteIntentOf(quote));
  expect(quoteIntentOf(JSON.parse(JSON.stringify(quote)))).toBeUndefined();
});

test("includeProtocolData: false, given, is sent as given", async () => {
  server.on("POST", "/quote/v2", { body: quoteResponse() });
  await getQuote(client(), { ...routeRequest(), includeProtocolData: false });
  expect(server.requests[0]?.body).toEqual({ ...routeRequest(), includeProtocolData: false });
});

describe("referrer", () => {
  test("the client's referrer fills in a missing one", async () => {
    server.on("POST", "/quote/v2", { body: quoteResponse() });
    const withReferrer = createBaseClient({ network: { baseUrl: server.url }, referrer: "my-app" });
    await getQuote(withReferrer, routeRequest());
    expect(server.requests[0]?.body).toMatchObject({ referrer: "my-app" });
  });

  test("a referrer in the body wins", async () => {
    server.on("POST", "/quote/v2", { body: quoteResponse() });
    const withReferrer = createBaseClient({ network: { baseUrl: server.url }, referrer: "my-app" });
    await getQuote(withReferrer, routeRequest({ referrer: "partner" }));
    expect(server.requests[0]?.body).toMatchObject({ referrer: "partner" });
  });

  test("no referrer anywhere: none is sent", async () => {
    server.on("POST", "/quote/v2", { body: quoteResponse() });
    await getQuote(client(), routeRequest());
    expect(server.requests[0]?.body).not.toHaveProperty("referrer");
  });
});

describe("payer: paying through a receiver contract", () => {
  const receiver = "0xa77e5000000000000000000000000000000a77e5";
  const payer = "0x5B38Da6a701c568545dCfcB03FcB875f56beddC4";

  test("refundTo defaults to the payer, and the payer itself is not sent", async () => {
    server.on("POST", "/quote/v2", { body: quoteResponse() });
    await getQuote(client(), { ...routeRequest({ user: receiver }), payer });
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ user: receiver, refundTo: payer });
    expect(body).not.toHaveProperty("payer");
  });

  test("an explicit refundTo wins over the payer", async () => {
    server.on("POST", "/quote/v2", { body: quoteResponse() });
    const refundTo = "0x1111111111111111111111111111111111111111";
    await getQuote(client(), { ...routeRequest({ user: receiver, refundTo }), payer });
    expect(server.requests[0]?.body).toMatchObject({ refundTo });
  });

  test("without a payer no refundTo is invented", async () => {
    server.on("POST", "/quote/v2", { body: quoteResponse() });
    await getQuote(client(), routeRequest({ user: receiver }));
    expect(server.requests[0]?.body).not.toHaveProperty("refundTo");
  });

  test("a malformed payer is refused before sending, named as refundTo", async () => {
    await expect(getQuote(client(), { ...routeRequest({ user: receiver }), payer: "" })).rejects.toThrow(
      expect.objectContaining({ name: "InvalidRequestError", field: "refundTo" }),
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("requests are checked before sending", () => {
  const broken: [string, Record<string, unknown>, string, string][] = [
    ["amount pattern", { amount: "1.5" }, "amount", "pattern"],
    ["slippage above 10000", { slippageTolerance: "10001" }, "slippageTolerance", "pattern"],
    ["tradeType enum", { tradeType: "EXACT" }, "tradeType", "enum"],
    [
      "strict without deposit address",
      { strict: true, refundTo: routeRequest().user },
      "strict",
      "requires:useDepositAddress",
    ],
    ["amount of 2^256", { amount: (2n ** 256n).toString() }, "amount", "max"],
    ["amount of 2^256 + 1", { amount: (2n ** 256n + 1n).toString() }, "amount", "max"],
    ["topupGasAmount without topupGas", { topupGasAmount: "2000000" }, "topupGasAmount", "requires:topupGas"],
    [
      "empty sponsoredFeeComponents",
      { subsidizeFees: true, sponsoredFeeComponents: [] },
      "sponsoredFeeComponents",
      "min-length",
    ],
    // The devnet answers these INVALID_EXTRA_TXS and INVALID_REQUEST (the same schema, server side).
    ["a call without an EVM address", { txs: [{ to: "0x1" }] }, "txs.0.to", "pattern"],
    [
      "a call's value of 2^256",
      { txs: [{ to: routeRequest().user, value: (2n ** 256n).toString() }] },
      "txs.0.value",
      "max",
    ],
    ["an app fee of 100%", { appFees: [{ fee: "10000" }] }, "appFees.0.fee", "pattern"],
    // Deposit addresses only on a native-currency bridge or from Bitcoin (the devnet answers
    // UNSUPPORTED_EXECUTION_TYPE from the same rule).
    [
      "a deposit address for a token",
      { useDepositAddress: true, destinationCurrency: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913" },
      "useDepositAddress",
      "depositAddress:route",
    ],
  ];
  for (const [name, overrides, field, rule] of broken) {
    test(`${name}: InvalidRequestError naming ${field}, nothing sent`, async () => {
      server.on("POST", "/quote/v2", { body: quoteResponse() });
      const error = await getQuote(client(), routeRequest(overrides) as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ endpoint: "quote", field });
      expect((error as InvalidRequestError).issues.map((i) => i.rule)).toContain(rule);
      expect(server.requests).toHaveLength(0);
    });
  }

  test("the error text names the field", async () => {
    await expect(
      getQuote(client(), routeRequest({ slippageTolerance: "10001" })),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidRequestError: Invalid quote request: field "slippageTolerance" must be integer basis points from 0 to 10000 (rule pattern).
      Version: attestkit@0.1.0]
    `);
  });
});

describe("responses", () => {
  test("a body whose steps is not an array is an InvalidResponseError", async () => {
    server.on("POST", "/quote/v2", { body: { ...quoteResponse(), steps: { 0: "x" } } });
    const error = await getQuote(client(), routeRequest()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).issues[0]?.path).toBe("steps");
  });

  test("a 400 with errorCode maps to ApiError with the real status", async () => {
    server.on("POST", "/quote/v2", {
      status: 400,
      body: {
        message: "Swap impact too high",
        errorCode: "SWAP_IMPACT_TOO_HIGH",
        errorData: { impact: "-12" },
      },
    });
    const error = await getQuote(client(), routeRequest()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "SWAP_IMPACT_TOO_HIGH",
      serviceMessage: "Swap impact too high",
    });
    expect((error as ApiError).body).toMatchObject({ errorData: { impact: "-12" } });
    expect(server.requests).toHaveLength(1);
  });

  test("a 401 never shows the key", async () => {
    server.on("POST", "/quote/v2", {
      status: 401,
      body: { message: `Invalid key: ${apiKey}`, errorCode: "UNAUTHORIZED" },
    });
    const error = (await getQuote(client(), routeRequest()).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).not.toContain(apiKey);
    expect(String(error.stack)).not.toContain(apiKey);
    expect(JSON.stringify(error.body)).not.toContain(apiKey);
  });
});

test("acceptance: a 429 storm with Retry-After: 1 followed by success resolves after two waits of 1 s", async () => {
  server.on(
    "POST",
    "/quote/v2",
    { status: 429, headers: { "retry-after": "1" }, body: { message: "Too many requests" } },
    { status: 429, headers: { "retry-after": "1" }, body: { message: "Too many requests" } },
    { body: quoteResponse() },
  );
  const waits: number[] = [];
  const errors: unknown[] = [];
  const start = Date.now();
  const quote = await getQuote(
    createBaseClient({
      network: { baseUrl: server.url },
      apiKey,
      retry: {
        onRetry: ({ delayMs, error }) => {
          waits.push(delayMs);
          errors.push(error);
        },
      },
    }),
    routeRequest(),
  );
  const elapsed = Date.now() - start;
  expect(quote.steps).toHaveLength(1);
  const attempts = server.requestsTo("POST", "/quote/v2");
  expect(attempts).toHaveLength(3);
  expect(waits).toEqual([1000, 1000]);
  expect(errors.every((e) => e instanceof RateLimitError && e.retryAfterMs === 1000)).toBe(true);
  const gaps = attempts.slice(1).map((a, i) => a.receivedAt - (attempts[i]?.receivedAt ?? 0));
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(990);
  expect(elapsed).toBeGreaterThanOrEqual(1990);
  expect(elapsed).toBeLessThan(5000);
});

describe("verify: the quote's order", () => {
  const live = () => liveQuote().protocol.v2;
  const withOrder = (v2: unknown) => ({ ...quoteResponse(), protocol: { v2 } });

  test("verify: true asks for the protocol data, reads the chains and verifies the live order", async () => {
    server.on("POST", "/quote/v2", { body: withOrder(live()) });
    server.on("GET", "/chains", { body: chainsAnswer });
    const quote = await getQuote(client(), { ...routeRequest(), verify: true });
    expect(server.requests[0]?.body).toMatchObject({ includeProtocolData: true });
    expect(server.requests[0]?.body).not.toHaveProperty("verify");
    expect(server.requestsTo("GET", "/chains")).toHaveLength(1);
    expect(quote.verification).toMatchObject({
      valid: true,
      signer: "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
    });
    expect(quote.verification?.orderId).toBe(live().orderId);
  });

  test("given chains are used as they are: no GET /chains", async () => {
    server.on("POST", "/quote/v2", { body: withOrder(live()) });
    const quote = await getQuote(client(), { ...routeRequest(), verify: { chains: orderChains } });
    expect(quote.verification?.valid).toBe(true);
    expect(server.requestsTo("GET", "/chains")).toHaveLength(0);
  });

  test("a tampered amount is invalid, with the check that failed", async () => {
    const v2 = live();
    (v2.paymentDetails as Record<string, unknown>).amount = "874803905765356";
    server.on("POST", "/quote/v2", { body: withOrder(v2) });
    const quote = await getQuote(client(), { ...routeRequest(), verify: { chains: orderChains } });
    expect(quote.verification).toMatchObject({ valid: false, reason: "amount-mismatch" });
  });

  test("another solver set: the live signature is not accepted", async () => {
    server.on("POST", "/quote/v2", { body: withOrder(live()) });
    const quote = await getQuote(client(), {
      ...routeRequest(),
      verify: { chains: orderChains, solvers: ["0x0000000000000000000000000000000000000001"] },
    });
    expect(quote.verification).toMatchObject({ valid: false, reason: "signer-not-allowed" });
  });

  test("a quote without protocol.v2 has verification null", async () => {
    server.on("POST", "/quote/v2", { body: { ...quoteResponse(), protocol: null } });
    const quote = await getQuote(client(), { ...routeRequest(), verify: { chains: orderChains } });
    expect(quote.verification).toBeNull();
  });

  test("an order without its signature cannot be verified: it throws", async () => {
    server.on("POST", "/quote/v2", { body: withOrder({ ...live(), orderSignature: null }) });
    await expect(
      getQuote(client(), {
        ...routeRequest({ includeProtocolData: false }),
        verify: { chains: orderChains },
      }),
    ).rejects.toThrow(expect.objectContaining({ name: "MissingOrderFieldError", field: "orderSignature" }));
    expect(server.requests[0]?.body).toMatchObject({ includeProtocolData: false });
  });

  test("without verify no verdict is added to the answer", async () => {
    server.on("POST", "/quote/v2", { body: withOrder(live()) });
    const quote = await getQuote(client(), routeRequest());
    expect(quote).not.toHaveProperty("verification");
  });
});

describe("retry policy: a quote creates a request, so it is not sent twice on a doubt", () => {
  test("a timeout, a reset or a 500 is thrown after one attempt, with attempts: 1", async () => {
    // The server in memory and the timers fake: the attempt times out when the clock says so, after
    // the request has arrived, however slow the machine.
    const inMemory = () =>
      createBaseClient({
        network: { baseUrl: server.url },
        apiKey,
        retry: { delay: 1 },
        fetch: server.fetch,
      });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      for (const failure of [
        { delayMs: 2_000, body: {} },
        { destroy: true },
        { status: 500, body: { message: "x" } },
      ]) {
        server.reset();
        server.on("POST", "/quote/v2", failure, { body: quoteResponse() });
        const error = getQuote(inMemory(), routeRequest(), { timeoutMs: 50 }).catch((e: unknown) => e);
        await server.waitForRequests(1);
        await vi.advanceTimersByTimeAsync(50);
        expect(await error).toMatchObject({ attempts: 1 });
        expect(server.requestsTo("POST", "/quote/v2")).toHaveLength(1);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  test("opting in with retryAmbiguous re-sends it", async () => {
    server.on("POST", "/quote/v2", { destroy: true }, { body: quoteResponse() });
    const quote = await getQuote(client(), routeRequest(), { retry: { retryAmbiguous: true } });
    expect(quote.steps).toHaveLength(1);
    expect(server.requestsTo("POST", "/quote/v2")).toHaveLength(2);
  });

  test("a 503 PRICE_FETCH_FAILED (the service did nothing) is retried", async () => {
    server.on(
      "POST",
      "/quote/v2",
      { status: 503, body: { message: "price", errorCode: "PRICE_FETCH_FAILED" } },
      { body: quoteResponse() },
    );
    await expect(getQuote(client(), routeRequest())).resolves.toMatchObject({ steps: [{ id: "deposit" }] });
    expect(server.requestsTo("POST", "/quote/v2")).toHaveLength(2);
  });
});
