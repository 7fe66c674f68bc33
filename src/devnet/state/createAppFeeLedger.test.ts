import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import { createAppFeeLedger, type PendingClaim } from "./createAppFeeLedger.js";

const wallet = "0x000000000000000000000000000000000000a11C" as Address;
const claim = (patch: Partial<PendingClaim> = {}): PendingClaim => ({
  claimId: `0x${"01".repeat(32)}` as Hex,
  wallet,
  chainId: 1,
  currency: wallet,
  recipient: wallet,
  amount: 40n,
  message: "claim",
  ...patch,
});

test("default: credits add up per wallet (case-insensitive); a claim reserves, then is paid", () => {
  const ledger = createAppFeeLedger();
  ledger.credit(wallet, 30n);
  ledger.credit(wallet.toLowerCase() as Address, 20n);
  ledger.credit(wallet, 0n);
  expect(ledger.balance(wallet)).toBe(50n);
  expect(ledger.reserve(claim())).toBe(true);
  expect(ledger.balance(wallet)).toBe(10n);
  expect(ledger.pending(claim().claimId)?.amount).toBe(40n);
  ledger.settle(claim().claimId, "paid");
  expect(ledger.pending(claim().claimId)).toBeUndefined();
  expect(ledger.balance(wallet)).toBe(10n);
  // Settling twice changes nothing.
  ledger.settle(claim().claimId, "released");
  expect(ledger.balance(wallet)).toBe(10n);
});

test("a claim over the balance, of nothing, or under a used id reserves nothing; a released one gives it back", () => {
  const ledger = createAppFeeLedger();
  ledger.credit(wallet, 50n);
  expect(ledger.reserve(claim({ amount: 51n }))).toBe(false);
  expect(ledger.reserve(claim({ amount: 0n }))).toBe(false);
  expect(ledger.reserve(claim({ amount: 30n }))).toBe(true);
  // Two claims cannot spend one balance.
  expect(ledger.reserve(claim({ claimId: `0x${"02".repeat(32)}`, amount: 30n }))).toBe(false);
  expect(ledger.reserve(claim({ amount: 10n }))).toBe(false);
  expect(ledger.balance(wallet)).toBe(20n);
  ledger.settle(claim().claimId, "released");
  expect(ledger.balance(wallet)).toBe(50n);
  expect(ledger.balance("0x000000000000000000000000000000000000bEEF")).toBe(0n);
});
