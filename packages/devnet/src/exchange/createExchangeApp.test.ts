import { Hono } from "hono";
import { afterAll, beforeAll, expect, test } from "vitest";
import { serveApp } from "../../../../test/support/serveApp.js";
import { validateExchangeTransfer } from "../../../attestkit/src/chains/exchange/validateExchangeTransfer.js";
import { exchangeSolverAccount, exchangeTestAccounts } from "./constants.js";
import { createExchangeApp } from "./createExchangeApp.js";
import { createExchangeLedger, type ExchangeLedger, type ExchangeTransfer } from "./createExchangeLedger.js";

const [user, other] = exchangeTestAccounts as [
  (typeof exchangeTestAccounts)[0],
  (typeof exchangeTestAccounts)[0],
];
const requestId = `0x${"67".repeat(32)}`;

let ledger: ExchangeLedger;
let server: { url: string; close: () => Promise<void> };
let api: string;
const announced: ExchangeTransfer[] = [];
beforeAll(async () => {
  ledger = createExchangeLedger();
  ledger.onTransfer((transfer) => announced.push(transfer));
  const root = new Hono();
  root.route("/exchange/api", createExchangeApp(ledger));
  server = await serveApp(root);
  api = `${server.url}/exchange/api`;
});
afterAll(() => server.close());

/** The withdrawal step's action, as a quote from the exchange returns it. */
const action = {
  type: "transfer",
  parameters: {
    toAccountIndex: exchangeSolverAccount.accountIndex,
    assetIndex: 0,
    fromRouteType: 0,
    toRouteType: 0,
    amount: 1_000_000,
    usdcFee: 3_000_000,
    memo: requestId,
  },
};

/** POSTs a transfer with `Bearer <apiKey>`; `null` sends no authorization header. */
const transfer = (body: unknown, apiKey: string | null = user.apiKey, raw?: string) =>
  fetch(`${api}/transfer`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(apiKey !== null ? { authorization: `Bearer ${apiKey}` } : {}),
    },
    body: raw ?? JSON.stringify(body),
  });
// biome-ignore lint/suspicious/noExplicitAny: the API's answers are read freely in these tests.
type Json = any;
const answer = async (response: Response): Promise<{ status: number; body: Json }> => ({
  status: response.status,
  body: await response.json(),
});

test("default: the client's checked action, submitted with the account's key, reaches the solver with its memo", async () => {
  const checked = validateExchangeTransfer({ action, id: requestId });
  const response = await answer(await transfer(checked.parameters));
  expect(response).toEqual({
    status: 200,
    body: {
      duplicate: false,
      transfer: {
        transferId: 1,
        hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        fromAccountIndex: user.accountIndex,
        toAccountIndex: exchangeSolverAccount.accountIndex,
        assetIndex: 0,
        fromRouteType: 0,
        toRouteType: 0,
        amount: "1000000",
        usdcFee: "3000000",
        memo: requestId,
        clientTransferId: null,
        createdAt: expect.any(Number),
      },
    },
  });
  expect(announced.at(-1)?.memo).toBe(requestId);
  expect(await answer(await fetch(`${api}/accounts/${user.accountIndex}`))).toEqual({
    status: 200,
    body: {
      accountIndex: user.accountIndex,
      balances: [
        { assetIndex: 0, routeType: 0, symbol: "USDC (Perp)", decimals: 6, balance: "999996000000" },
      ],
    },
  });
  expect((await answer(await fetch(`${api}/transfers/1`))).body).toEqual(response.body.transfer);
});

test("authentication: 401 without a usable key, 403 for another account's key", async () => {
  for (const [apiKey, status] of [
    [null, 401],
    ["", 401],
    ["not-a-key", 401],
  ] as const)
    expect(await answer(await transfer(action.parameters, apiKey))).toEqual({
      status,
      body: { code: "UNAUTHORIZED", message: "no API key, or one the exchange does not know." },
    });
  const basic = await fetch(`${api}/transfer`, {
    method: "POST",
    headers: { authorization: `Basic ${user.apiKey}` },
    body: JSON.stringify(action.parameters),
  });
  expect(basic.status).toBe(401);
  const forbidden = await answer(
    await transfer({ ...action.parameters, fromAccountIndex: user.accountIndex }, other.apiKey),
  );
  expect(forbidden).toEqual({
    status: 403,
    body: {
      code: "FORBIDDEN",
      field: "fromAccountIndex",
      message: `Field "fromAccountIndex" (${user.accountIndex}): the API key belongs to another account than the one debited (the key debits account ${other.accountIndex}).`,
    },
  });
});

test("validation errors name the field; insufficient balance and unknown recipients are refused", async () => {
  const cases: [unknown, number, string, string?][] = [
    [{ ...action.parameters, amount: 0 }, 400, "INVALID_AMOUNT", "amount"],
    [{ ...action.parameters, amount: -5 }, 400, "INVALID_AMOUNT", "amount"],
    [{ ...action.parameters, amount: "9223372036854775808" }, 400, "INVALID_AMOUNT", "amount"],
    [{ ...action.parameters, usdcFee: -1 }, 400, "INVALID_FEE", "usdcFee"],
    [{ ...action.parameters, assetIndex: 7 }, 400, "UNKNOWN_ASSET", "assetIndex"],
    [{ ...action.parameters, toRouteType: 9 }, 400, "UNKNOWN_ROUTE_TYPE", "toRouteType"],
    [{ ...action.parameters, memo: "0x1234" }, 400, "INVALID_MEMO", "memo"],
    [{ ...action.parameters, toAccountIndex: 31337 }, 400, "UNKNOWN_ACCOUNT", "toAccountIndex"],
    [{ ...action.parameters, toAccountIndex: "x" }, 400, "INVALID_ACCOUNT_INDEX", "toAccountIndex"],
    [{ ...action.parameters, amount: "1000000000000" }, 400, "INSUFFICIENT_BALANCE", "amount"],
    [[action.parameters], 400, "INVALID_REQUEST"],
  ];
  for (const [body, status, code, field] of cases) {
    const response = await answer(await transfer(body));
    expect(response.status, code).toBe(status);
    expect(response.body.code).toBe(code);
    expect(response.body.field).toBe(field);
  }
  expect((await answer(await transfer(undefined, user.apiKey, "{not json"))).body.code).toBe(
    "INVALID_REQUEST",
  );
  expect((await transfer(undefined, user.apiKey, `{"memo":"${"a".repeat(20_000)}"}`)).status).toBe(413);
});

test("idempotency over HTTP: a repeat answers the first transfer, a changed repeat 409", async () => {
  const body = { ...action.parameters, clientTransferId: "http-1" };
  const first = await answer(await transfer(body));
  const count = announced.length;
  const again = await answer(await transfer(body));
  expect(again).toEqual({ status: 200, body: { ...first.body, duplicate: true } });
  expect(announced).toHaveLength(count);
  const changed = await answer(await transfer({ ...body, amount: 2_000_000 }));
  expect(changed.status).toBe(409);
  expect(changed.body.code).toBe("IDEMPOTENCY_CONFLICT");
});

test("lookups: accounts, transfers and assets", async () => {
  expect(await answer(await fetch(`${api}/accounts/424242`))).toMatchObject({
    status: 404,
    body: { code: "ACCOUNT_NOT_FOUND" },
  });
  for (const bad of ["-1", "01", "abc", "9007199254740993"])
    expect((await fetch(`${api}/accounts/${bad}`)).status).toBe(400);
  for (const bad of ["0", "999", "x"])
    expect(await answer(await fetch(`${api}/transfers/${bad}`))).toMatchObject({
      status: 404,
      body: { code: "TRANSFER_NOT_FOUND" },
    });
  expect(await answer(await fetch(`${api}/assets`))).toEqual({
    status: 200,
    body: [{ assetIndex: 0, symbol: "USDC (Perp)", decimals: 6 }],
  });
});
