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

test("history: paid claims only, oldest first, pending until the payout is recorded once; per wallet", () => {
  const ledger = createAppFeeLedger();
  const other = "0x000000000000000000000000000000000000bEEF" as Address;
  ledger.credit(wallet, 100n);
  ledger.credit(other, 100n);
  const [first, second, released] = [1, 2, 3].map((n) =>
    claim({ claimId: `0x${`0${n}`.repeat(32)}` as Hex, amount: 10n, createdAt: n }),
  ) as [PendingClaim, PendingClaim, PendingClaim];
  for (const c of [first, second, released]) ledger.reserve(c);
  ledger.reserve(claim({ claimId: `0x${"04".repeat(32)}`, wallet: other, amount: 5n }));
  // Reserved, not signed: no history yet.
  expect(ledger.history(wallet)).toEqual([]);
  ledger.settle(first.claimId, "paid");
  ledger.settle(released.claimId, "released");
  ledger.settle(second.claimId, "paid");
  const hash = `0x${"ee".repeat(32)}` as Hex;
  ledger.recordPayout(first.claimId, { txHash: hash, status: "success", at: 9 });
  // A second payout of the same claim, or one of a claim not paid, changes nothing.
  ledger.recordPayout(first.claimId, { txHash: null, status: "failure", at: 10 });
  ledger.recordPayout(released.claimId, { txHash: hash, status: "success", at: 10 });
  expect(ledger.history(wallet.toLowerCase() as Address)).toEqual([
    { ...first, status: "success", txHash: hash },
    { ...second, status: "pending", txHash: null },
  ]);
  expect(ledger.history(other)).toEqual([]);
  // The history is a copy: changing it changes nothing kept.
  (ledger.history(wallet)[0] as { status: string }).status = "failure";
  expect(ledger.history(wallet)[0]?.status).toBe("success");
});

test("kept: the history and each payout come back after a restart, a claim without createdAt too", async () => {
  const dir = freshDir();
  const first = await open(dir);
  first.ledger.credit(wallet, 100n);
  const paid = claim({ amount: 30n, createdAt: 1_700_000_000_000 });
  const failed = claim({ claimId: `0x${"02".repeat(32)}`, amount: 20n });
  first.ledger.reserve(paid);
  first.ledger.reserve(failed);
  first.ledger.settle(paid.claimId, "paid");
  first.ledger.settle(failed.claimId, "paid");
  const hash = `0x${"ab".repeat(32)}` as Hex;
  first.ledger.recordPayout(paid.claimId, { txHash: hash, status: "success", at: 1 });
  first.ledger.recordPayout(failed.claimId, { txHash: null, status: "failure", at: 2 });
  const before = first.ledger.history(wallet);
  first.database.close();

  const again = await open(dir);
  expect(again.ledger.history(wallet)).toEqual(before);
  expect(before.map((c) => [c.status, c.txHash, c.createdAt])).toEqual([
    ["success", hash, 1_700_000_000_000],
    ["failure", null, undefined],
  ]);
  again.database.close();
});
