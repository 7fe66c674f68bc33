import { join } from "node:path";
import { expect, test } from "vitest";
import { useStateDirectories } from "../../../../test/support/stateDirectories.js";
import { createDevnetRequest } from "./createDevnetRequest.js";
import { CorruptStateError } from "./errors.js";
import { readRequests } from "./readRequests.js";
import type { Deposit, DevnetRequest } from "./types.js";

const { freshDir, openDatabase } = useStateDirectories("requests");

const address = `0x${"11".repeat(20)}` as const;
const requestId = `0x${"ab".repeat(32)}` as const;

function quoted(overrides: Partial<DevnetRequest> = {}): DevnetRequest {
  return {
    ...createDevnetRequest({
      requestId,
      status: "waiting",
      apiKey: undefined,
      referrer: null,
      originChainId: 31337,
      destinationChainId: 31338,
      user: address,
      recipient: address,
      refundTo: address,
      originCurrency: address,
      destinationCurrency: address,
      amountIn: 10n ** 18n,
      amountOut: 2n ** 255n,
      txs: [{ to: address, data: "0x", value: 1n }],
      createdAt: 1_700_000_000_000,
      details: {
        refund: { chainId: 31337, txHash: "0x01", currency: address, amount: "1", recipient: address },
      },
    }),
    ...overrides,
  };
}

test("default: every stored request comes back as saved, in the order first saved", async () => {
  const database = await openDatabase(freshDir());
  const bitcoinDeposit: Deposit = {
    chainId: 8253038,
    // A Bitcoin txid has no 0x (the record types it as hex all the same): kept as text.
    txHash: "ee".repeat(32) as `0x${string}`,
    logIndex: 0,
    blockNumber: 0n,
    from: address,
    currency: address,
    amount: 5_000n,
    id: requestId,
  };
  const first = quoted();
  const second = quoted({ requestId: `0x${"cd".repeat(32)}`, status: "pending", deposit: bitcoinDeposit });
  database.saveRequest(first.requestId, first);
  database.saveRequest(second.requestId, second);
  expect(readRequests({ database })).toEqual([first, second]);
});

test("a field the schema does not name is kept as stored", async () => {
  const database = await openDatabase(freshDir());
  database.saveRequest(requestId, { ...quoted(), extra: { kept: 1n } });
  expect(readRequests({ database })).toEqual([{ ...quoted(), extra: { kept: 1n } }]);
});

test("a row that is not a request is a CorruptStateError naming the file, the row and the field", async () => {
  const dir = freshDir();
  const database = await openDatabase(dir);
  database.saveRequest(requestId, { ...quoted(), amountIn: "1000" });
  let error: unknown;
  try {
    readRequests({ database });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(CorruptStateError);
  expect(error).toMatchObject({ path: join(dir, "devnet.sqlite"), location: "requests", row: requestId });
  expect((error as CorruptStateError).shortMessage).toBe(
    `The state in ${join(dir, "devnet.sqlite")} cannot be restored: requests row ${requestId} is not a valid request (Invalid input: expected bigint, received string at amountIn).`,
  );
});

test("a status the devnet does not use is refused", async () => {
  const database = await openDatabase(freshDir());
  database.saveRequest(requestId, { ...quoted(), status: "settled" });
  expect(() => readRequests({ database })).toThrow(
    /requests row 0xab.* is not a valid request \(must be a devnet status .* at status\)/,
  );
});
