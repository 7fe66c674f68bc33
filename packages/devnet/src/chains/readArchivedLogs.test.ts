import { expect, test } from "vitest";
import { useStateDirectories } from "../../../../test/support/stateDirectories.js";
import type { ArchivedBlock, StateDatabase } from "../state/openStateDatabase.js";
import { readArchivedLogs } from "./readArchivedLogs.js";

const { freshDir, openDatabase } = useStateDirectories("archived-logs");
const chainId = 31337;
const a = "0x00000000000000000000000000000000000000aa";
const b = "0x00000000000000000000000000000000000000bb";
const fill = `0x${"f".repeat(64)}`;
const refund = `0x${"e".repeat(64)}`;
const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const hashOf = (number: number) => `0x${(number + 1).toString(16).padStart(64, "b")}`;

/** Block `number` with one transaction per log given (address, topics). */
function block(number: number, logs: { address: string; topics: string[] }[]): ArchivedBlock {
  const hash = hashOf(number);
  const transactions = logs.map((_, index) => ({
    hash: `0x${(number * 16 + index).toString(16).padStart(64, "c")}`,
  }));
  return {
    number,
    hash,
    block: { number: `0x${number.toString(16)}`, hash, transactions },
    receipts: logs.map((log, index) => ({
      logs: [
        {
          ...log,
          data: "0x",
          blockNumber: `0x${number.toString(16)}`,
          blockHash: hash,
          transactionHash: transactions[index]?.hash,
          logIndex: `0x${index.toString(16)}`,
          removed: false,
        },
      ],
    })),
  };
}

/** A database archiving blocks 0-3: fills by a, a refund by b, one block without logs. */
async function archive(): Promise<StateDatabase> {
  const db = await openDatabase(freshDir());
  db.archiveChainBlock(chainId, block(0, []));
  db.archiveChainBlock(
    chainId,
    block(1, [
      { address: a, topics: [fill, id(1)] },
      { address: b, topics: [refund, id(2)] },
    ]),
  );
  db.archiveChainBlock(chainId, block(2, [{ address: a, topics: [fill, id(3)] }]));
  db.archiveChainBlock(chainId, block(3, [{ address: b, topics: [fill] }]));
  return db;
}

const read = (db: StateDatabase, filter: unknown) =>
  (
    readArchivedLogs({ chainId, archive: db, head: 3, filter }) as { blockNumber: string; logIndex: string }[]
  ).map((log) => `${Number(log.blockNumber)}:${Number(log.logIndex)}`);

test("default", async () => {
  const db = await archive();
  expect(read(db, {})).toEqual(["3:0"]);
  expect(read(db, { fromBlock: "earliest" })).toEqual(["1:0", "1:1", "2:0", "3:0"]);
});

test("a range: both ends included, the end past the head is the head, an empty range answers nothing", async () => {
  const db = await archive();
  expect(read(db, { fromBlock: "0x1", toBlock: "0x2" })).toEqual(["1:0", "1:1", "2:0"]);
  expect(read(db, { fromBlock: "0x2", toBlock: "0x99" })).toEqual(["2:0", "3:0"]);
  expect(read(db, { fromBlock: "0x2", toBlock: "0x1" })).toEqual([]);
  expect(read(db, { fromBlock: "0x50" })).toEqual([]);
  expect(read(db, { fromBlock: "0x0", toBlock: "latest" })).toEqual(["1:0", "1:1", "2:0", "3:0"]);
});

test("addresses and topics filter as geth filters", async () => {
  const db = await archive();
  expect(read(db, { fromBlock: "0x0", address: a })).toEqual(["1:0", "2:0"]);
  expect(read(db, { fromBlock: "0x0", address: [b.toUpperCase().replace("0X", "0x")] })).toEqual([
    "1:1",
    "3:0",
  ]);
  expect(read(db, { fromBlock: "0x0", topics: [fill] })).toEqual(["1:0", "2:0", "3:0"]);
  expect(read(db, { fromBlock: "0x0", topics: [[fill, refund], null] })).toEqual(["1:0", "1:1", "2:0"]);
  expect(read(db, { fromBlock: "0x0", topics: [null, [id(2), id(3)]] })).toEqual(["1:1", "2:0"]);
  expect(read(db, { fromBlock: "0x0", address: [a, b], topics: [fill, id(3)] })).toEqual(["2:0"]);
});

test("blockHash: one block; unknown, or with a range, is an error as the chain engine answers it", async () => {
  const db = await archive();
  expect(read(db, { blockHash: hashOf(1) })).toEqual(["1:0", "1:1"]);
  expect(read(db, { blockHash: hashOf(1).toUpperCase().replace("0X", "0x"), topics: [refund] })).toEqual([
    "1:1",
  ]);
  expect(() => read(db, { blockHash: id(9) })).toThrowErrorMatchingInlineSnapshot(
    `[Error: blockHash cannot be found]`,
  );
  expect(() => read(db, { blockHash: hashOf(1), fromBlock: "0x0" })).toThrowErrorMatchingInlineSnapshot(
    `[Error: blockHash is mutually exclusive with fromBlock/toBlock]`,
  );
  expect(() => read(db, null)).toThrowErrorMatchingInlineSnapshot(
    `[Error: eth_getLogs takes a filter object]`,
  );
  expect(() => read(db, { fromBlock: "soon" })).toThrowErrorMatchingInlineSnapshot(
    `[Error: invalid block tag "soon"]`,
  );
});

test("the errors carry the JSON-RPC code -32602", async () => {
  const db = await archive();
  expect(() => read(db, { blockHash: id(9) })).toThrow(expect.objectContaining({ code: -32602 }));
});
