import type { Hex } from "viem";
import { expect, test } from "vitest";
import { compareExternalCoins, type ExternalCoins, type ExternalPayment } from "./compareExternalCoins.js";
import type { CurrencyTally } from "./tallyRequests.js";

const btc = "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8";
const solver = "bc1qz57k9g84mejmtnsw5fvasufgv3ttcy4e3tec4k";
const payer = "bc1qhxj5xms4qhsysk4ngxmzwrg79w4ja9fx85pavt";
const txid = (n: number) => `${n}`.padStart(64, "0");
const id = (n: number) => `0x${`${n}`.padStart(64, "0")}` as Hex;

const tally = (patch: Partial<CurrencyTally> = {}): CurrencyTally => ({
  deposited: 0n,
  depositedSince: 0n,
  depositTxs: new Set(),
  paidBack: 0n,
  open: 0n,
  openRequests: [],
  ...patch,
});
const payment = (n: number, amount: bigint): ExternalPayment => ({
  txHash: txid(n),
  logIndex: 0,
  from: payer,
  currency: btc,
  amount,
});
const coins = (patch: Partial<ExternalCoins> = {}): ExternalCoins => ({
  chainId: 8253038,
  holder: solver,
  balances: new Map([[btc, 1_000_000n]]),
  payments: [],
  ...patch,
});

test("default: every payment a request's deposit, open deposits held: no difference, the solver's holding", () => {
  const { differences, holdings } = compareExternalCoins(
    coins({ payments: [payment(1, 300n), payment(2, 200n)] }),
    new Map([
      [
        btc,
        tally({
          deposited: 500n,
          depositTxs: new Set([txid(1), txid(2)]),
          open: 200n,
          openRequests: [id(2)],
        }),
      ],
    ]),
  );
  expect(differences).toEqual([]);
  expect(holdings).toEqual([
    { chainId: 8253038, holder: solver, role: "solver", currency: btc, actual: "1000000", open: "200" },
  ]);
});

test("payments-recorded: a payment no request records, named with its payer", () => {
  const { differences } = compareExternalCoins(
    coins({ payments: [payment(1, 300n), payment(2, 9n)] }),
    new Map([[btc, tally({ deposited: 300n, depositTxs: new Set([txid(1)]) })]]),
  );
  expect(differences).toEqual([
    {
      rule: "payments-recorded",
      chainId: 8253038,
      holder: solver,
      currency: btc,
      expected: "300",
      actual: "309",
      requests: [],
      transfers: [{ txHash: txid(2), logIndex: 0, from: payer, amount: "9" }],
    },
  ]);
});

test("payments-recorded: a deposit recorded for more than came in, or for a payment the chain does not hold", () => {
  const { differences } = compareExternalCoins(
    coins({ payments: [payment(1, 300n)] }),
    new Map([[btc, tally({ deposited: 400n, depositTxs: new Set([txid(1), txid(3)]) })]]),
  );
  expect(differences.map(({ rule, expected, actual }) => ({ rule, expected, actual }))).toEqual([
    { rule: "payments-recorded", expected: "400", actual: "300" },
  ]);
});

test("open-deposits: the solver holds less than the open requests own, with them", () => {
  const { differences } = compareExternalCoins(
    coins({ balances: new Map([["0", 40n]]), payments: [{ ...payment(1, 50n), currency: "0" }] }),
    new Map([
      ["0", tally({ deposited: 50n, depositTxs: new Set([txid(1)]), open: 50n, openRequests: [id(1)] })],
    ]),
  );
  expect(differences).toEqual([
    {
      rule: "open-deposits",
      chainId: 8253038,
      holder: solver,
      currency: "0",
      expected: "50",
      actual: "40",
      requests: [id(1)],
    },
  ]);
});
