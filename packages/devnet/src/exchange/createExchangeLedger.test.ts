import { describe, expect, test } from "vitest";
import {
  devnetExchangeApiKey,
  exchangeSolverAccount,
  exchangeTestAccounts,
  maxExchangeAmount,
} from "./constants.js";
import { createExchangeLedger, type ExchangeTransfer } from "./createExchangeLedger.js";
import { ExchangeError } from "./errors.js";

const [user, other] = exchangeTestAccounts as [
  (typeof exchangeTestAccounts)[0],
  (typeof exchangeTestAccounts)[0],
];
const solver = exchangeSolverAccount;
const requestId = `0x${"67".repeat(32)}`;
const usdc = (units: number) => BigInt(units) * 1_000_000n;

/** A withdrawal to the solver, as a quote's transfer action describes it. */
const withdrawal = (overrides: Record<string, unknown> = {}) => ({
  toAccountIndex: solver.accountIndex,
  assetIndex: 0,
  fromRouteType: 0,
  toRouteType: 0,
  amount: 1_000_000,
  usdcFee: 3_000_000,
  memo: requestId,
  ...overrides,
});

/** `CODE` of the refusal, or "accepted". */
function outcome(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ExchangeError) return error.code;
    throw error;
  }
  return "accepted";
}

/** Sum of every balance plus the fees collected: what no transfer may change. */
const supply = (ledger: ReturnType<typeof createExchangeLedger>) =>
  [solver, ...exchangeTestAccounts].reduce(
    (sum, account) => sum + (ledger.balances(account.accountIndex) ?? []).reduce((s, b) => s + b.balance, 0n),
    0n,
  ) + ledger.feesCollected();

test("default: the solver and ten test accounts are funded in USDC-perp, each with its own key", () => {
  const ledger = createExchangeLedger();
  expect(ledger.assets).toEqual([{ assetIndex: 0, symbol: "USDC (Perp)", decimals: 6 }]);
  expect(ledger.balances(solver.accountIndex)).toEqual([
    { assetIndex: 0, routeType: 0, balance: usdc(1_000_000_000) },
  ]);
  expect(exchangeTestAccounts.map((account) => account.accountIndex)).toEqual([
    1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010,
  ]);
  for (const account of exchangeTestAccounts) {
    expect(ledger.balance({ accountIndex: account.accountIndex, assetIndex: 0 })).toBe(usdc(1_000_000));
    expect(account.apiKey).toBe(devnetExchangeApiKey(account.accountIndex));
    expect(account.apiKey).toMatch(/^[0-9a-f]{64}$/);
  }
  expect(ledger.balances(999)).toBeUndefined();
  expect(ledger.balance({ accountIndex: 999, assetIndex: 0 })).toBe(0n);
});

test("a withdrawal: amount and fee leave the user, the amount reaches the solver, the listener sees the memo", () => {
  let clock = 1_700_000_000_000;
  const ledger = createExchangeLedger({ now: () => clock++ });
  const before = supply(ledger);
  const seen: ExchangeTransfer[] = [];
  ledger.onTransfer((transfer) => seen.push(transfer));
  const { transfer, duplicate } = ledger.transfer({ apiKey: user.apiKey, request: withdrawal() });
  expect(duplicate).toBe(false);
  expect(transfer).toEqual({
    transferId: 1,
    hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    fromAccountIndex: user.accountIndex,
    toAccountIndex: solver.accountIndex,
    assetIndex: 0,
    fromRouteType: 0,
    toRouteType: 0,
    amount: 1_000_000n,
    usdcFee: 3_000_000n,
    memo: requestId,
    clientTransferId: undefined,
    createdAt: 1_700_000_000_000,
  });
  expect(seen).toEqual([transfer]);
  expect(ledger.balance({ accountIndex: user.accountIndex, assetIndex: 0 })).toBe(
    usdc(1_000_000) - 4_000_000n,
  );
  expect(ledger.balance({ accountIndex: solver.accountIndex, assetIndex: 0 })).toBe(
    usdc(1_000_000_000) + 1_000_000n,
  );
  expect(ledger.feesCollected()).toBe(3_000_000n);
  expect(supply(ledger)).toBe(before);
  expect(ledger.getTransfer(1)).toBe(transfer);
  expect(ledger.getTransfer(2)).toBeUndefined();
  expect(ledger.getTransfersByMemo(requestId.slice(2).toUpperCase())).toEqual([transfer]);
  expect(ledger.getTransfersByMemo(`0x${"00".repeat(32)}`)).toEqual([]);
  // Another transfer gets another id and hash.
  const second = ledger.transfer({ apiKey: user.apiKey, request: withdrawal() }).transfer;
  expect(second.transferId).toBe(2);
  expect(second.hash).not.toBe(transfer.hash);
});

describe("keys: a key debits only its own account", () => {
  test("no key, an unknown key, another account's key", () => {
    const ledger = createExchangeLedger();
    expect(outcome(() => ledger.transfer({ apiKey: undefined, request: withdrawal() }))).toBe("UNAUTHORIZED");
    expect(outcome(() => ledger.transfer({ apiKey: "", request: withdrawal() }))).toBe("UNAUTHORIZED");
    expect(outcome(() => ledger.transfer({ apiKey: "f".repeat(64), request: withdrawal() }))).toBe(
      "UNAUTHORIZED",
    );
    // The other account's key naming the user's account as the debited one.
    expect(
      outcome(() =>
        ledger.transfer({
          apiKey: other.apiKey,
          request: withdrawal({ fromAccountIndex: user.accountIndex }),
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(ledger.balance({ accountIndex: user.accountIndex, assetIndex: 0 })).toBe(usdc(1_000_000));
    // Its own account named explicitly is fine.
    expect(
      outcome(() =>
        ledger.transfer({
          apiKey: other.apiKey,
          request: withdrawal({ fromAccountIndex: other.accountIndex }),
        }),
      ),
    ).toBe("accepted");
    // Without fromAccountIndex the key's own account pays.
    ledger.transfer({ apiKey: other.apiKey, request: withdrawal() });
    expect(ledger.balance({ accountIndex: other.accountIndex, assetIndex: 0 })).toBe(
      usdc(1_000_000) - 8_000_000n,
    );
  });

  test("keys are added per account and cannot be shared", () => {
    const ledger = createExchangeLedger();
    const extra = "extra-key-for-user-0001";
    ledger.addApiKey({ accountIndex: user.accountIndex, apiKey: extra });
    ledger.addApiKey({ accountIndex: user.accountIndex, apiKey: extra });
    expect(ledger.transfer({ apiKey: extra, request: withdrawal() }).transfer.fromAccountIndex).toBe(
      user.accountIndex,
    );
    expect(outcome(() => ledger.addApiKey({ accountIndex: other.accountIndex, apiKey: extra }))).toBe(
      "FORBIDDEN",
    );
    expect(outcome(() => ledger.addApiKey({ accountIndex: 4242, apiKey: "another-key-0001" }))).toBe(
      "UNKNOWN_ACCOUNT",
    );
    expect(outcome(() => ledger.addApiKey({ accountIndex: user.accountIndex, apiKey: "short" }))).toBe(
      "UNAUTHORIZED",
    );
  });
});

describe("balances", () => {
  test("amount plus fee: exactly the balance passes, one unit more does not, and nothing moves", () => {
    const ledger = createExchangeLedger({
      accounts: [
        { accountIndex: 1, apiKeys: [user.apiKey], balances: [{ assetIndex: 0, amount: 4_000_000n }] },
        { accountIndex: 2 },
      ],
    });
    expect(
      outcome(() =>
        ledger.transfer({
          apiKey: user.apiKey,
          request: withdrawal({ toAccountIndex: 2, amount: 1_000_001 }),
        }),
      ),
    ).toBe("INSUFFICIENT_BALANCE");
    expect(
      outcome(() =>
        ledger.transfer({
          apiKey: user.apiKey,
          request: withdrawal({ toAccountIndex: 2, usdcFee: 3_000_001 }),
        }),
      ),
    ).toBe("INSUFFICIENT_BALANCE");
    expect(ledger.balance({ accountIndex: 1, assetIndex: 0 })).toBe(4_000_000n);
    expect(ledger.transfers()).toEqual([]);
    ledger.transfer({ apiKey: user.apiKey, request: withdrawal({ toAccountIndex: 2 }) });
    expect(ledger.balance({ accountIndex: 1, assetIndex: 0 })).toBe(0n);
    expect(ledger.balances(1)).toEqual([]);
    expect(ledger.balance({ accountIndex: 2, assetIndex: 0 })).toBe(1_000_000n);
  });

  test("the error says what was held and needed", () => {
    const ledger = createExchangeLedger();
    let error: unknown;
    try {
      ledger.transfer({ apiKey: user.apiKey, request: withdrawal({ amount: "1000000000001", usdcFee: 0 }) });
    } catch (caught) {
      error = caught;
    }
    expect((error as ExchangeError).shortMessage).toBe(
      'Field "amount": the debited balance does not cover the amount and the fee (account 1001 holds 1000000000000 of asset 0 on route 0, needs 1000000000001).',
    );
  });

  test("routes: moving perp to spot within one account; the same account and route is refused", () => {
    const ledger = createExchangeLedger();
    const move = withdrawal({
      toAccountIndex: user.accountIndex,
      fromRouteType: 0,
      toRouteType: 1,
      usdcFee: 0,
    });
    ledger.transfer({ apiKey: user.apiKey, request: move });
    expect(ledger.balances(user.accountIndex)).toEqual([
      { assetIndex: 0, routeType: 0, balance: usdc(1_000_000) - 1_000_000n },
      { assetIndex: 0, routeType: 1, balance: 1_000_000n },
    ]);
    // Spending from spot is limited to what spot holds.
    expect(
      outcome(() =>
        ledger.transfer({
          apiKey: user.apiKey,
          request: withdrawal({ fromRouteType: 1, amount: 1_000_000, usdcFee: 1 }),
        }),
      ),
    ).toBe("INSUFFICIENT_BALANCE");
    expect(
      outcome(() =>
        ledger.transfer({ apiKey: user.apiKey, request: withdrawal({ toAccountIndex: user.accountIndex }) }),
      ),
    ).toBe("SAME_ROUTE");
  });

  test("unknown recipient, balance overflow at 2^63 - 1", () => {
    const ledger = createExchangeLedger({
      accounts: [
        { accountIndex: 1, apiKeys: [user.apiKey], balances: [{ assetIndex: 0, amount: 10_000_000n }] },
        { accountIndex: 2, balances: [{ assetIndex: 0, amount: maxExchangeAmount - 1n }] },
      ],
    });
    expect(
      outcome(() => ledger.transfer({ apiKey: user.apiKey, request: withdrawal({ toAccountIndex: 3 }) })),
    ).toBe("UNKNOWN_ACCOUNT");
    expect(
      outcome(() =>
        ledger.transfer({
          apiKey: user.apiKey,
          request: withdrawal({ toAccountIndex: 2, amount: 2, usdcFee: 0 }),
        }),
      ),
    ).toBe("BALANCE_OVERFLOW");
    expect(ledger.balance({ accountIndex: 1, assetIndex: 0 })).toBe(10_000_000n);
    ledger.transfer({
      apiKey: user.apiKey,
      request: withdrawal({ toAccountIndex: 2, amount: 1, usdcFee: 0 }),
    });
    expect(ledger.balance({ accountIndex: 2, assetIndex: 0 })).toBe(maxExchangeAmount);
  });

  test("fund: opens accounts, refuses bad amounts, assets and routes", () => {
    const ledger = createExchangeLedger({ accounts: [] });
    ledger.fund({ accountIndex: 77, amount: 5n });
    ledger.fund({ accountIndex: 77, routeType: 1, amount: 6n });
    expect(ledger.balances(77)).toEqual([
      { assetIndex: 0, routeType: 0, balance: 5n },
      { assetIndex: 0, routeType: 1, balance: 6n },
    ]);
    expect(outcome(() => ledger.fund({ accountIndex: 77, amount: 0n }))).toBe("INVALID_AMOUNT");
    expect(outcome(() => ledger.fund({ accountIndex: 77, amount: maxExchangeAmount }))).toBe(
      "BALANCE_OVERFLOW",
    );
    expect(outcome(() => ledger.fund({ accountIndex: 77, assetIndex: 3, amount: 1n }))).toBe("UNKNOWN_ASSET");
    expect(outcome(() => ledger.fund({ accountIndex: 77, routeType: 2, amount: 1n }))).toBe(
      "UNKNOWN_ROUTE_TYPE",
    );
    expect(outcome(() => ledger.fund({ accountIndex: -1, amount: 1n }))).toBe("INVALID_ACCOUNT_INDEX");
    expect(
      outcome(() => createExchangeLedger({ accounts: [{ accountIndex: 5 }, { accountIndex: 5 }] })),
    ).toBe("INVALID_ACCOUNT_INDEX");
  });
});

describe("idempotency by clientTransferId", () => {
  test("the same submission returns the first transfer, once debited and once announced", () => {
    const ledger = createExchangeLedger();
    const seen: number[] = [];
    ledger.onTransfer((transfer) => seen.push(transfer.transferId));
    const request = withdrawal({ clientTransferId: "withdraw-1" });
    const first = ledger.transfer({ apiKey: user.apiKey, request });
    // The same transfer written differently (string amounts, upper-case memo without 0x) is the same.
    const again = ledger.transfer({
      apiKey: user.apiKey,
      request: { ...request, amount: "1000000", usdcFee: "3000000", memo: requestId.slice(2).toUpperCase() },
    });
    expect(again).toEqual({ transfer: first.transfer, duplicate: true });
    expect(seen).toEqual([1]);
    expect(ledger.balance({ accountIndex: user.accountIndex, assetIndex: 0 })).toBe(
      usdc(1_000_000) - 4_000_000n,
    );
  });

  test("the same id with other parameters conflicts; another account may use the same id", () => {
    const ledger = createExchangeLedger();
    ledger.transfer({ apiKey: user.apiKey, request: withdrawal({ clientTransferId: "x1" }) });
    expect(
      outcome(() =>
        ledger.transfer({ apiKey: user.apiKey, request: withdrawal({ clientTransferId: "x1", amount: 2 }) }),
      ),
    ).toBe("IDEMPOTENCY_CONFLICT");
    expect(
      outcome(() =>
        ledger.transfer({
          apiKey: user.apiKey,
          request: withdrawal({ clientTransferId: "x1", memo: `0x${"00".repeat(32)}` }),
        }),
      ),
    ).toBe("IDEMPOTENCY_CONFLICT");
    expect(
      ledger.transfer({ apiKey: other.apiKey, request: withdrawal({ clientTransferId: "x1" }) }).duplicate,
    ).toBe(false);
    expect(ledger.transfers()).toHaveLength(2);
  });

  test("without an id, every submission is a new transfer", () => {
    const ledger = createExchangeLedger();
    ledger.transfer({ apiKey: user.apiKey, request: withdrawal() });
    ledger.transfer({ apiKey: user.apiKey, request: withdrawal() });
    expect(ledger.transfers().map((transfer) => transfer.transferId)).toEqual([1, 2]);
  });
});

test("listeners: unsubscribe, and a throwing listener is logged without undoing the transfer", () => {
  const logs: string[] = [];
  const ledger = createExchangeLedger({ log: (message) => logs.push(message) });
  const seen: number[] = [];
  const unsubscribe = ledger.onTransfer((transfer) => seen.push(transfer.transferId));
  ledger.onTransfer(() => {
    throw new Error("listener broke");
  });
  ledger.transfer({ apiKey: user.apiKey, request: withdrawal() });
  unsubscribe();
  ledger.transfer({ apiKey: user.apiKey, request: withdrawal() });
  expect(seen).toEqual([1]);
  expect(logs).toEqual([
    "exchange transfer listener: listener broke",
    "exchange transfer listener: listener broke",
  ]);
  expect(ledger.transfers()).toHaveLength(2);
});
