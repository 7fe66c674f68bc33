import { type Address, type Hex, zeroAddress } from "viem";
import { expect, test } from "vitest";
import { type ChainCoins, compareChainCoins } from "./compareChainCoins.js";
import type { CurrencyTally } from "./tallyRequests.js";

const depository = "0xE042a7963459150d195FC5428929Ff97669bd903" as Address;
const usdc = "0x5fbdb2315678afecb367f032d93f642f64180aa3" as Address;
const address = "0x00000000000000000000000000000000000dADd5" as Address;
const user = "0x000000000000000000000000000000000000dE90" as Address;
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
const chain = (patch: Partial<ChainCoins> = {}): ChainCoins => ({
  chainId: 31337,
  depository,
  balances: new Map(),
  inflows: new Map(),
  depositAddresses: [],
  ...patch,
});
const rulesOf = (coins: ChainCoins, tallies: Map<string, CurrencyTally>) =>
  compareChainCoins(coins, tallies).differences.map(({ rule, currency, expected, actual }) => ({
    rule,
    currency,
    expected,
    actual,
  }));

test("default: native deposits less what went back, tokens in equal to token deposits, open ones held: no difference", () => {
  const { differences, holdings } = compareChainCoins(
    chain({
      balances: new Map([
        [zeroAddress, 70n],
        [usdc, 1_000_050n],
      ]),
      inflows: new Map([[usdc, [{ txHash: id(1), logIndex: 0, from: user, amount: 50n }]]]),
    }),
    new Map([
      [zeroAddress, tally({ deposited: 100n, paidBack: 30n, open: 40n, openRequests: [id(7)] })],
      [usdc, tally({ deposited: 50n, depositedSince: 50n, depositTxs: new Set([id(1)]), open: 50n })],
    ]),
  );
  expect(differences).toEqual([]);
  expect(holdings).toContainEqual({
    chainId: 31337,
    holder: depository,
    role: "depository",
    currency: zeroAddress,
    actual: "70",
    open: "40",
  });
});

test("native-balance: a native coin no deposit brought (or a refund recorded and not paid), with the open requests", () => {
  const { differences } = compareChainCoins(
    chain({ balances: new Map([[zeroAddress, 71n]]) }),
    new Map([[zeroAddress, tally({ deposited: 100n, paidBack: 30n, open: 40n, openRequests: [id(7)] })]]),
  );
  expect(differences).toEqual([
    {
      rule: "native-balance",
      chainId: 31337,
      holder: depository,
      currency: zeroAddress,
      expected: "70",
      actual: "71",
      requests: [id(7)],
    },
  ]);
});

test("token-inflows: tokens that came in without a deposit, naming the transfers no request records", () => {
  const recorded = { txHash: id(1), logIndex: 0, from: user, amount: 50n };
  const stray = { txHash: id(2), logIndex: 3, from: user, amount: 9n };
  const { differences } = compareChainCoins(
    chain({ balances: new Map([[usdc, 59n]]), inflows: new Map([[usdc, [recorded, stray]]]) }),
    new Map([[usdc, tally({ deposited: 50n, depositedSince: 50n, depositTxs: new Set([id(1)]) })]]),
  );
  expect(differences).toEqual([
    {
      rule: "token-inflows",
      chainId: 31337,
      holder: depository,
      currency: usdc,
      expected: "50",
      actual: "59",
      requests: [],
      transfers: [{ txHash: id(2), logIndex: 3, from: user, amount: "9" }],
    },
  ]);
});

test("open-deposits: the depository holds less than the open requests own", () => {
  expect(
    rulesOf(
      chain({
        balances: new Map([[usdc, 40n]]),
        inflows: new Map([[usdc, [{ txHash: id(1), logIndex: 0, from: user, amount: 50n }]]]),
      }),
      new Map([[usdc, tally({ depositedSince: 50n, open: 50n, openRequests: [id(1)] })]]),
    ),
  ).toEqual([{ rule: "open-deposits", currency: usdc, expected: "50", actual: "40" }]);
});

test("deposit-address: anything left in a swept address; what a depositing request's address holds is its own", () => {
  const { differences, holdings } = compareChainCoins(
    chain({
      depositAddresses: [
        {
          requestId: id(1),
          address,
          status: "refund",
          balances: new Map([
            [usdc, 3n],
            [zeroAddress, 0n],
          ]),
        },
        { requestId: id(2), address: user, status: "depositing", balances: new Map([[zeroAddress, 5n]]) },
      ],
    }),
    new Map(),
  );
  expect(differences).toEqual([
    {
      rule: "deposit-address",
      chainId: 31337,
      holder: address,
      currency: usdc,
      expected: "0",
      actual: "3",
      requests: [id(1)],
    },
  ]);
  expect(holdings).toContainEqual({
    chainId: 31337,
    role: "depositAddress",
    holder: user,
    currency: zeroAddress,
    actual: "5",
    open: "5",
  });
});
