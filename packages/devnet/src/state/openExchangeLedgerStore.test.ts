import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "vitest";
import { useStateDirectories } from "../../../../test/support/stateDirectories.js";
import { exchangeSolverAccount, exchangeTestAccounts, usdcAssetIndex } from "../exchange/constants.js";
import { createExchangeLedger, type ExchangeLedger } from "../exchange/createExchangeLedger.js";
import { ExchangeLedgerReplayError } from "../exchange/errors.js";
import { CorruptStateError } from "./errors.js";
import { openExchangeLedgerStore } from "./openExchangeLedgerStore.js";
import { stringifyState } from "./openStateDatabase.js";

const [user, other] = exchangeTestAccounts as [
  (typeof exchangeTestAccounts)[0],
  (typeof exchangeTestAccounts)[0],
];
const memo = `0x${"cd".repeat(32)}` as const;
const { freshDir, openDatabase } = useStateDirectories("exchange");

async function start(dir: string, clock = 1_700_000_000_000) {
  const database = await openDatabase(dir);
  const ledger = createExchangeLedger({ now: () => clock++, journal: openExchangeLedgerStore({ database }) });
  return { database, ledger };
}

/** What a user reads of the ledger, to compare before and after a restart. */
const snapshot = (ledger: ExchangeLedger) => ({
  user: ledger.balances(user.accountIndex),
  other: ledger.balances(other.accountIndex),
  solver: ledger.balances(exchangeSolverAccount.accountIndex),
  newcomer: ledger.balances(77),
  transfers: ledger.transfers(),
  fees: ledger.feesCollected(),
});

const withdrawal = (patch: Record<string, unknown> = {}) => ({
  toAccountIndex: exchangeSolverAccount.accountIndex,
  assetIndex: usdcAssetIndex,
  fromRouteType: 0,
  toRouteType: 0,
  amount: 2_500_000n,
  usdcFee: 1_000n,
  memo,
  ...patch,
});

test("default: balances, transfers, fees, added keys and client ids come back after a restart", async () => {
  const dir = freshDir();
  const first = await start(dir);
  first.ledger.transfer({ apiKey: user.apiKey, request: withdrawal({ clientTransferId: "w-1" }) });
  first.ledger.transfer({ apiKey: other.apiKey, request: withdrawal({ memo: undefined, usdcFee: 0n }) });
  first.ledger.fund({ accountIndex: 77, amount: 9_000_000n });
  first.ledger.addApiKey({ accountIndex: 77, apiKey: "newcomer-key-0123456789" });
  first.ledger.transfer({
    apiKey: "newcomer-key-0123456789",
    request: withdrawal({ toAccountIndex: user.accountIndex, memo: undefined, usdcFee: 0n, amount: 1n }),
  });
  const before = snapshot(first.ledger);
  expect(before.user).toEqual([{ assetIndex: 0, routeType: 0, balance: user.balance - 2_501_000n + 1n }]);
  expect(before.newcomer).toEqual([{ assetIndex: 0, routeType: 0, balance: 8_999_999n }]);
  expect(before.fees).toBe(1_000n);
  first.database.close();

  const second = await start(dir, 1_800_000_000_000);
  expect(snapshot(second.ledger)).toEqual(before);
  // API keys are kept as digests, never in clear.
  const raw = stringifyState(second.database.loadEntries("exchange"));
  expect(raw).not.toContain("newcomer-key-0123456789");
  expect(raw).not.toContain(user.apiKey);
  // The added key still debits its account; a client id still answers its first transfer.
  const repeat = second.ledger.transfer({
    apiKey: user.apiKey,
    request: withdrawal({ clientTransferId: "w-1" }),
  });
  expect(repeat).toEqual({ transfer: before.transfers[0], duplicate: true });
  const next = second.ledger.transfer({
    apiKey: "newcomer-key-0123456789",
    request: withdrawal({ toAccountIndex: user.accountIndex, memo: undefined, usdcFee: 0n, amount: 2n }),
  }).transfer;
  expect(next.transferId).toBe(4);
  expect(next.createdAt).toBe(1_800_000_000_000);
});

test("empty state: nothing kept, the opening balances; restarted twice, it goes on where it stopped", async () => {
  const dir = freshDir();
  const first = await start(dir);
  expect(first.database.loadEntries("exchange")).toEqual([]);
  expect(first.ledger.balances(user.accountIndex)).toEqual([
    { assetIndex: 0, routeType: 0, balance: user.balance },
  ]);
  first.database.close();
  const second = await start(dir);
  second.ledger.transfer({ apiKey: user.apiKey, request: withdrawal() });
  second.database.close();
  const third = await start(dir);
  expect(third.ledger.transfers().map(({ transferId }) => transferId)).toEqual([1]);
  expect(third.ledger.balance({ accountIndex: user.accountIndex, assetIndex: 0 })).toBe(
    user.balance - 2_501_000n,
  );
  expect(third.database.loadEntries("exchange")).toHaveLength(1);
});

test("a refused transfer keeps nothing", async () => {
  const dir = freshDir();
  const first = await start(dir);
  expect(() =>
    first.ledger.transfer({ apiKey: user.apiKey, request: withdrawal({ amount: user.balance }) }),
  ).toThrow(/INSUFFICIENT_BALANCE|holds/);
  expect(first.database.loadEntries("exchange")).toEqual([]);
});

test("a damaged row is a CorruptStateError naming the file and the row; an entry that overdraws does not replay", async () => {
  const dir = freshDir();
  const first = await start(dir);
  first.ledger.transfer({ apiKey: user.apiKey, request: withdrawal() });
  first.database.close();
  const path = join(dir, "devnet.sqlite");
  const raw = new DatabaseSync(path);
  const { seq } = raw.prepare("SELECT seq FROM journal WHERE name = 'exchange'").get() as { seq: number };
  const good = (raw.prepare("SELECT json FROM journal WHERE seq = ?").get(seq) as { json: string }).json;
  raw.prepare("UPDATE journal SET json = ? WHERE seq = ?").run(good.replace('"amount"', '"amount_"'), seq);
  raw.close();
  const database = await openDatabase(dir);
  let error: unknown;
  try {
    openExchangeLedgerStore({ database });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(CorruptStateError);
  expect((error as CorruptStateError).shortMessage).toMatch(
    new RegExp(
      `^The state in ${path} cannot be restored: journal "exchange" row ${seq} is not a valid entry`,
    ),
  );

  const made = createExchangeLedger().transfer({ apiKey: user.apiKey, request: withdrawal() }).transfer;
  const entries = [{ type: "transfer" as const, transfer: made }];
  // A second transfer of the whole balance overdraws the account that the first already debited.
  const overdrawn = () =>
    createExchangeLedger({
      journal: {
        entries: [
          ...entries,
          { type: "transfer", transfer: { ...made, transferId: 2, amount: user.balance } },
        ],
        append: () => {},
      },
    });
  expect(overdrawn).toThrow(ExchangeLedgerReplayError);
  expect(overdrawn).toThrow(/Entry 1 .*account \d+ holds \d+ of 0:0, needs/);
  expect(() =>
    createExchangeLedger({ journal: { entries: [...entries, ...entries], append: () => {} } }),
  ).toThrow(
    /Entry 1 of the exchange ledger's journal does not replay: transfer 1 comes where transfer 2 should/,
  );
  expect(() =>
    createExchangeLedger({
      journal: { entries: [{ type: "apiKey", accountIndex: 5, keyHash: "ab".repeat(32) }], append: () => {} },
    }),
  ).toThrow(/Entry 0 .*account 5 does not exist/);
});
