import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "vitest";
import { useStateDirectories } from "../../../../test/support/stateDirectories.js";
import type { PermitAuthorization } from "../quote/buildPermitStep.js";
import { createPermitBook } from "./createPermitBook.js";
import { CorruptStateError } from "./errors.js";
import { openPermitStore } from "./openPermitStore.js";

const requestId = `0x${"AB".repeat(32)}`;
const other = `0x${"cd".repeat(32)}`;
const authorization: PermitAuthorization = {
  chainId: 31337,
  token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  tokenName: "USD Coin",
  from: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  value: 2n ** 200n,
  validAfter: 0n,
  validBefore: 1_700_000_600n,
  nonce: `0x${"11".repeat(32)}`,
};
const { freshDir, openDatabase } = useStateDirectories("permits");

async function open(dir: string) {
  const database = await openDatabase(dir);
  return { database, permits: createPermitBook({ journal: openPermitStore({ database }) }) };
}

test("default: an authorization is submitted at most once; a release lets it be submitted again", () => {
  const permits = createPermitBook();
  expect(permits.get(requestId)).toBeUndefined();
  permits.add(requestId, authorization);
  expect(permits.get(requestId.toLowerCase())).toEqual(authorization);
  expect(permits.isSubmitted(requestId)).toBe(false);
  expect(permits.markSubmitted(requestId)).toBe(true);
  expect(permits.markSubmitted(requestId.toLowerCase())).toBe(false);
  permits.release(requestId);
  expect(permits.isSubmitted(requestId)).toBe(false);
  expect(permits.markSubmitted(requestId)).toBe(true);
  expect(permits.all()).toEqual([{ requestId: requestId.toLowerCase(), authorization, submitted: true }]);
});

test("kept: a pending permit stays executable and a used one stays used across two restarts", async () => {
  const dir = freshDir();
  const first = await open(dir);
  expect(first.permits.all()).toEqual([]);
  first.permits.add(requestId, authorization);
  first.permits.add(other, { ...authorization, nonce: `0x${"22".repeat(32)}` });
  expect(first.permits.markSubmitted(requestId)).toBe(true);
  first.permits.release(other); // not submitted: nothing to release, nothing kept
  first.database.close();

  const second = await open(dir);
  expect(second.permits.get(requestId)).toEqual(authorization);
  expect(second.permits.markSubmitted(requestId)).toBe(false);
  expect(second.permits.isSubmitted(other)).toBe(false);
  expect(second.permits.markSubmitted(other)).toBe(true);
  second.database.close();

  const third = await open(dir);
  expect(third.permits.all().map(({ submitted }) => submitted)).toEqual([true, true]);
  expect(third.database.loadEntries("permits").map(({ value }) => (value as { type: string }).type)).toEqual([
    "authorized",
    "authorized",
    "submitted",
    "submitted",
  ]);
});

test("a damaged row is a CorruptStateError naming the file and the row", async () => {
  const dir = freshDir();
  const first = await open(dir);
  first.permits.add(requestId, authorization);
  first.database.close();
  const raw = new DatabaseSync(join(dir, "devnet.sqlite"));
  const { seq, json } = raw.prepare("SELECT seq, json FROM journal WHERE name = 'permits'").get() as {
    seq: number;
    json: string;
  };
  raw
    .prepare("UPDATE journal SET json = ? WHERE seq = ?")
    .run(json.replace('"validBefore":{"$bigint":', '"validBefore":{"x":'), seq);
  raw.close();
  const database = await openDatabase(dir);
  expect(() => openPermitStore({ database })).toThrow(CorruptStateError);
  expect(() => openPermitStore({ database })).toThrow(
    `The state in ${join(dir, "devnet.sqlite")} cannot be restored: journal "permits" row ${seq} is not a valid entry`,
  );
});
