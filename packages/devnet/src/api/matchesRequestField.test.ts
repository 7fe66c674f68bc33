import type { Address } from "viem";
import { expect, test } from "vitest";
import { currencies } from "../../../../test/support/devnetApi.js";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import { matchesRequestField } from "./matchesRequestField.js";
import { toRequestEntry } from "./toRequestEntry.js";

const depositAddress = "0x0000000000000000000000000000000000DeaD01" as Address;
const depositor = "0x0000000000000000000000000000000000dE9051" as Address;
const entry = toRequestEntry(
  quotedRequest({
    depositAddress: { address: depositAddress, depositAddressType: "open", depositor, depositTxHash: null },
  }),
  currencies,
);

test("default: user is the quote's user, whatever the case", () => {
  expect(matchesRequestField(entry, "user", "0x000000000000000000000000000000000000A5e1")).toBe(true);
});

test("user is also the deposit address's depositor (the SDK: sender or deposit-address depositor), not the recipient", () => {
  expect(matchesRequestField(entry, "user", depositor)).toBe(true);
  expect(matchesRequestField(entry, "user", "0x000000000000000000000000000000000000bEEF")).toBe(false);
  expect(matchesRequestField(entry, "user", depositAddress)).toBe(false);
});

test.each([
  ["the user", "0x000000000000000000000000000000000000a5E1"],
  ["the recipient", "0x000000000000000000000000000000000000bEEF"],
  ["the refund address", "0x000000000000000000000000000000000000cafe"],
  ["the deposit address", depositAddress.toLowerCase()],
  ["the deposit address's depositor", depositor],
  ["the request id", `0x${"11".repeat(32)}`],
])("term finds %s", (_, value) => {
  expect(matchesRequestField(entry, "term", value)).toBe(true);
});

test("term finds no address the request does not involve", () => {
  expect(matchesRequestField(entry, "term", "0x0000000000000000000000000000000000000001")).toBe(false);
});
