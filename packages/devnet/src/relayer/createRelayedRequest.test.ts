import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import { useStateDirectories } from "../../../../test/support/stateDirectories.js";
import { tallyRequests } from "../invariant/tallyRequests.js";
import { isCutShort } from "../solver/isCutShort.js";
import { readRequests } from "../state/readRequests.js";
import { createRelayedRequest } from "./createRelayedRequest.js";

const { freshDir, openDatabase } = useStateDirectories("relayed");
const to: Address = "0x000000000000000000000000000000000000bEEF";
const relayer: Address = "0x75F97bf42d2Ac9F38401f738b0fA28999C2C6DF3";
const request = createRelayedRequest({
  requestId: `0x${"ab".repeat(32)}` as Hex,
  apiKey: "k",
  referrer: "app",
  chainId: 31337,
  user: to,
  relayer,
  to,
  data: "0x1234",
  value: 10n ** 18n,
  createdAt: 1_700_000_000_000,
});

test("default: waiting on the call's chain, the call's value in and out, no quote, order or deposit", () => {
  expect(request).toMatchObject({
    status: "waiting",
    originChainId: 31337,
    destinationChainId: 31337,
    amountIn: 10n ** 18n,
    amountOut: 10n ** 18n,
    inTxHashes: [],
    txHashes: [],
    deposit: undefined,
    relayed: { relayer, to, data: "0x1234", value: 10n ** 18n },
  });
  expect(request.orderId).toBeUndefined();
  // Nothing of it is in a depository: the coin invariant has nothing to account for.
  expect(tallyRequests({ requests: [request], chainId: 31337, historyFrom: 0n }).size).toBe(0);
});

test("kept: it comes back from the state database as saved; a restart leaves it, and its failure, alone", async () => {
  const database = await openDatabase(freshDir());
  const failed = { ...request, status: "failure" as const, failReason: "TRANSACTION_REVERTED" };
  database.saveRequest(request.requestId, failed);
  expect(readRequests({ database })).toEqual([failed]);
  expect(isCutShort(request)).toBe(false);
  // Final: nothing was deposited, so there is no refund to come (a quote's failure is taken up).
  expect(isCutShort(failed)).toBe(false);
  expect(isCutShort({ ...failed, relayed: undefined })).toBe(true);
  database.close();
});
