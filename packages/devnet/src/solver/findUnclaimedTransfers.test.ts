import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import type { Deposit } from "../state/types.js";
import { findUnclaimedTransfers } from "./findUnclaimedTransfers.js";
import type { TokenTransfer } from "./toTokenTransfer.js";

const usdc = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const weth = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" as Address;
const depository = "0xE042a7963459150d195FC5428929Ff97669bd903" as Address;
const user = "0x000000000000000000000000000000000000dE90" as Address;
const tx = (n: number) => `0x${`${n}`.padStart(64, "0")}` as Hex;

const transfer = (txHash: Hex, logIndex: number, token = usdc, amount = 5n): TokenTransfer => ({
  token,
  from: user,
  to: depository,
  amount,
  txHash,
  logIndex,
  blockNumber: 1n,
});
const deposit = (txHash: Hex, logIndex: number, currency = usdc, amount = 5n): Deposit => ({
  chainId: 31337,
  txHash,
  logIndex,
  blockNumber: 1n,
  from: user,
  currency,
  amount,
  id: `0x${"11".repeat(32)}`,
});

test("default: a depositErc20's own transferFrom is taken by its event; a plain transfer is left", () => {
  const own = transfer(tx(1), 0);
  const plain = transfer(tx(2), 0);
  expect(findUnclaimedTransfers([own, plain], [deposit(tx(1), 1)])).toEqual([plain]);
});

test("each event takes the nearest transfer of its token before it, whatever the amount (fee-on-transfer)", () => {
  const first = transfer(tx(1), 0, usdc, 4n);
  const stray = transfer(tx(1), 2);
  const second = transfer(tx(1), 3, usdc, 9n);
  expect(
    findUnclaimedTransfers(
      [first, stray, second],
      [deposit(tx(1), 1, usdc, 5n), deposit(tx(1), 4, usdc, 9n)],
    ),
  ).toEqual([stray]);
});

test("an event takes no transfer of another token, of another transaction, or after it", () => {
  const otherToken = transfer(tx(1), 0, weth);
  const otherTx = transfer(tx(2), 0);
  const after = transfer(tx(1), 5);
  expect(findUnclaimedTransfers([otherToken, otherTx, after], [deposit(tx(1), 1)])).toEqual([
    otherToken,
    otherTx,
    after,
  ]);
});

test("a native deposit event takes no token transfer", () => {
  const plain = transfer(tx(1), 0);
  expect(
    findUnclaimedTransfers([plain], [deposit(tx(1), 1, "0x0000000000000000000000000000000000000000")]),
  ).toEqual([plain]);
});
