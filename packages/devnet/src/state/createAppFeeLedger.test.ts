import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import { useStateDirectories } from "../../../../test/support/stateDirectories.js";
import { createAppFeeLedger, type PendingClaim } from "./createAppFeeLedger.js";
import { CorruptStateError } from "./errors.js";
import { openAppFeeStore } from "./openAppFeeStore.js";

const { freshDir, openDatabase } = useStateDirectories("fees");
async function open(dir: string) {
  const database = await openDatabase(dir);
  return { database, ledger: createAppFeeLedger({ journal: openAppFeeStore({ database }) }) };
}

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

test("a keyed credit counts once; a claim id is never reserved again, even once paid", () => {
  const ledger = createAppFeeLedger();
  expect(ledger.credit(wallet, 30n, "0xabc:0")).toBe(true);
  expect(ledger.credit(wallet, 30n, "0xabc:0")).toBe(false);
  expect(ledger.credit(wallet, 5n, "0xabc:1")).toBe(true);
  expect(ledger.balance(wallet)).toBe(35n);
  expect(ledger.reserve(claim({ amount: 10n }))).toBe(true);
  ledger.settle(claim().claimId, "paid");
  expect(ledger.reserve(claim({ amount: 10n }))).toBe(false);
  expect(ledger.balance(wallet)).toBe(25n);
});

test("kept: balances, pending and paid claims come back after a restart, twice; a paid claim stays paid", async () => {
  const dir = freshDir();
  const first = await open(dir);
  expect(first.ledger.balance(wallet)).toBe(0n);
  first.ledger.credit(wallet, 100n, "0xabc:0");
  first.ledger.reserve(claim({ amount: 40n }));
  first.ledger.settle(claim().claimId, "paid");
  const second = claim({ claimId: `0x${"02".repeat(32)}`, amount: 25n });
  first.ledger.reserve(second);
  expect(first.ledger.balance(wallet)).toBe(35n);
  first.database.close();

  const again = await open(dir);
  expect(again.ledger.balance(wallet)).toBe(35n);
  expect(again.ledger.pending(claim().claimId)).toBeUndefined();
  expect(again.ledger.pending(second.claimId)).toEqual(second);
  expect(again.ledger.credit(wallet, 100n, "0xabc:0")).toBe(false); // the same request's fee again
  expect(again.ledger.reserve(claim({ amount: 1n }))).toBe(false); // the paid claim's id
  again.ledger.settle(second.claimId, "released");
  again.database.close();

  const third = await open(dir);
  expect(third.ledger.balance(wallet)).toBe(60n);
  expect(third.ledger.pending(second.claimId)).toBeUndefined();
  expect(third.database.loadEntries("appFees")).toHaveLength(5);
});

test("a damaged row is a CorruptStateError naming the file and the row", async () => {
  const dir = freshDir();
  const first = await open(dir);
  first.ledger.credit(wallet, 100n);
  first.database.close();
  const path = join(dir, "devnet.sqlite");
  const raw = new DatabaseSync(path);
  const { seq } = raw.prepare("SELECT seq FROM journal WHERE name = 'appFees'").get() as { seq: number };
  raw
    .prepare("UPDATE journal SET json = ? WHERE seq = ?")
    .run('{"type":"credit","wallet":"0x1","amount":5}', seq);
  raw.close();
  const database = await openDatabase(dir);
  expect(() => openAppFeeStore({ database })).toThrow(CorruptStateError);
  expect(() => openAppFeeStore({ database })).toThrow(
    `The state in ${path} cannot be restored: journal "appFees" row ${seq} is not a valid entry (an address is 0x and 40 hex digits at wallet).`,
  );
});
