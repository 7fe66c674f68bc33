import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, expect, test } from "vitest";
import { useStateDirectories } from "../../../../test/support/stateDirectories.js";
import { bitcoinTestWallets } from "../bitcoin/bitcoinTestWallets.js";
import { type BitcoinChain, createBitcoinChain } from "../bitcoin/createBitcoinChain.js";
import { BitcoinChainReplayError } from "../bitcoin/errors.js";
import { payFromBitcoinWallet } from "../bitcoin/payFromBitcoinWallet.js";
import { CorruptStateError } from "./errors.js";
import { openBitcoinChainStore } from "./openBitcoinChainStore.js";

const [alice, bob] = bitcoinTestWallets as [(typeof bitcoinTestWallets)[0], (typeof bitcoinTestWallets)[0]];
const requestId = `0x${"ab".repeat(32)}`;
const { freshDir, openDatabase } = useStateDirectories("btc");
// Registered after the directories' hook, so it runs first: every chain stops before its database closes.
const chains: BitcoinChain[] = [];
afterEach(() => {
  for (const chain of chains.splice(0)) chain.stop();
});

/** Opens the directory's database and a chain kept in it, with a clock moving 7.5 s a call. */
async function start(dir: string, clockStart: number) {
  const database = await openDatabase(dir);
  let clock = clockStart;
  const chain = createBitcoinChain({
    blockTimeMs: 0,
    now: () => (clock += 7_500),
    journal: openBitcoinChainStore({ database }),
  });
  chains.push(chain);
  return { database, chain };
}

/** Everything a user reads of the chain, to compare before and after a restart. */
function snapshot(chain: BitcoinChain) {
  return {
    height: chain.height(),
    tip: chain.tip(),
    blocks: Array.from({ length: chain.height() + 1 }, (_, height) => chain.getBlock(height)),
    mempool: chain.mempool().map(({ txid, firstSeen }) => ({ txid, firstSeen })),
    alice: chain.getAddressStats(alice.p2wpkhAddress),
    bob: chain.getAddressStats(bob.p2wpkhAddress),
    bobUtxos: chain.getUtxos(bob.p2wpkhAddress),
  };
}

test("default: blocks, timestamps, mempool and balances come back the same after a restart", async () => {
  const dir = freshDir();
  const first = await start(dir, 1_700_000_000_000);
  const { txid: confirmed } = payFromBitcoinWallet({
    chain: first.chain,
    wallet: alice,
    to: bob.p2wpkhAddress,
    amount: 120_000n,
    requestId,
  });
  first.chain.mine(2);
  const { txid: unconfirmed } = payFromBitcoinWallet({
    chain: first.chain,
    wallet: alice,
    to: bob.p2wpkhAddress,
    amount: 30_000n,
    requestId,
  });
  const before = snapshot(first.chain);
  expect(before.height).toBe(2);
  expect(before.mempool.map(({ txid }) => txid)).toEqual([unconfirmed]);
  expect(before.bob.chain.fundedTxoSum).toBe(1_000_000_000n + 120_000n);
  expect(before.bob.mempool.fundedTxoSum).toBe(30_000n);
  first.chain.stop();
  first.database.close();

  // Another clock: replayed entries keep their own times.
  const second = await start(dir, 1_800_000_000_000);
  expect(snapshot(second.chain)).toEqual(before);
  expect(second.chain.confirmations(confirmed)).toBe(2);
  expect(second.chain.confirmations(unconfirmed)).toBe(0);
  // The replay wrote nothing new: 1 genesis + 2 transactions + 2 blocks.
  expect(second.database.loadEntries("bitcoin")).toHaveLength(5);
  // A spent output stays spent: the confirmed payment cannot be broadcast again.
  const tx = second.chain.getTransaction(confirmed)?.hex as string;
  expect(() => second.chain.broadcast(tx)).toThrow(/already in utxo set/);
});

test("empty state: a new chain keeps its genesis; restarted twice, it goes on where it stopped", async () => {
  const dir = freshDir();
  const first = await start(dir, 1_700_000_000_000);
  expect(first.database.loadEntries("bitcoin").map(({ value }) => (value as { type: string }).type)).toEqual([
    "genesis",
  ]);
  const genesis = first.chain.tip();
  first.database.close();

  const second = await start(dir, 1_800_000_000_000);
  expect(second.chain.tip()).toEqual(genesis);
  const [block] = second.chain.mine();
  payFromBitcoinWallet({
    chain: second.chain,
    wallet: bob,
    to: alice.p2trAddress,
    amount: 50_000n,
    requestId,
  });
  second.database.close();

  const third = await start(dir, 1_900_000_000_000);
  expect(third.chain.tip()).toEqual(block);
  expect(third.chain.tip().timestamp).toBe(1_800_000_007);
  expect(third.chain.mempool()).toHaveLength(1);
  // New blocks take the new clock and hold the restored mempool.
  const [next] = third.chain.mine();
  expect(next?.height).toBe(2);
  expect(next?.txids).toHaveLength(2);
  expect(next?.timestamp).toBeGreaterThanOrEqual(1_900_000_000);
});

test("a row that is not JSON, or not an entry, is a CorruptStateError naming the file and the row", async () => {
  const dir = freshDir();
  const first = await start(dir, 1_700_000_000_000);
  first.chain.mine();
  first.database.close();
  const raw = new DatabaseSync(join(dir, "devnet.sqlite"));
  const [, blockRow] = raw.prepare("SELECT seq FROM journal WHERE name = 'bitcoin' ORDER BY seq").all() as {
    seq: number;
  }[];
  raw
    .prepare("UPDATE journal SET json = ? WHERE seq = ?")
    .run('{"type":"block","height":1', blockRow?.seq ?? 0);
  raw.close();

  const database = await openDatabase(dir);
  const error = (() => {
    try {
      openBitcoinChainStore({ database });
    } catch (error) {
      return error;
    }
  })() as CorruptStateError;
  expect(error).toBeInstanceOf(CorruptStateError);
  expect(error.path).toBe(join(dir, "devnet.sqlite"));
  expect(error.shortMessage).toBe(
    `The state in ${join(dir, "devnet.sqlite")} cannot be restored: journal "bitcoin" row ${blockRow?.seq} is not JSON.`,
  );

  database.appendEntry("other", 1);
  const raw2 = new DatabaseSync(join(dir, "devnet.sqlite"));
  raw2
    .prepare("UPDATE journal SET json = ? WHERE seq = ?")
    .run('{"type":"block","height":1,"hash":"zz","timestamp":5,"at":1}', blockRow?.seq ?? 0);
  raw2.close();
  expect(() => openBitcoinChainStore({ database })).toThrow(
    new RegExp(
      `journal "bitcoin" row ${blockRow?.seq} is not a valid entry \\(a block hash is 64 lower-case hex digits at hash\\)`,
    ),
  );
});

test("entries that do not replay to what they recorded are refused: another hash, a transaction first", async () => {
  const dir = freshDir();
  const first = await start(dir, 1_700_000_000_000);
  const [block] = first.chain.mine();
  const entries = openBitcoinChainStore({ database: first.database }).entries;
  const make = (changed: typeof entries) =>
    createBitcoinChain({ blockTimeMs: 0, journal: { entries: changed, append: () => {} } });

  const tampered = entries.map((entry) =>
    entry.type === "block" ? { ...entry, timestamp: entry.timestamp + 1 } : entry,
  );
  expect(() => make(tampered)).toThrow(BitcoinChainReplayError);
  expect(() => make(tampered)).toThrow(
    new RegExp(
      `Entry 1 of the Bitcoin chain's journal does not replay: block 1 is [0-9a-f]{64}, the journal has block 1 ${block?.hash}`,
    ),
  );
  expect(() => make(entries.slice(1))).toThrow(/Entry 0 .* a block entry comes first/);
  expect(() => make([{ type: "genesis", at: entries[0]?.at ?? 0, hash: "00".repeat(32) }])).toThrow(
    /Entry 0 .* the genesis block is/,
  );
  expect(() => make([...entries, { type: "transaction", hex: "00", at: 1 }])).toThrow(
    /Entry 2 .*TX decode failed/,
  );
  // The untouched entries replay.
  expect(make(entries).tip()).toEqual(block);
});
