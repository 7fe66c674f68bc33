import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import { requestAddresses } from "./requestAddresses.js";

const payer = "0x00000000000000000000000000000000000Da1D1" as Address;
const depositAddress = "0x0000000000000000000000000000000000DeaD01" as Address;

test("default: a quoted request involves its user, recipient and refund address", () => {
  expect(requestAddresses(quotedRequest())).toEqual([
    "0x000000000000000000000000000000000000a5E1",
    "0x000000000000000000000000000000000000bEEF",
    "0x000000000000000000000000000000000000Cafe",
  ]);
});

test("a deposit adds its depositor; a deposit address adds itself and its depositor", () => {
  const request = quotedRequest({
    deposit: {
      chainId: 31337,
      txHash: `0x${"22".repeat(32)}` as Hex,
      logIndex: 0,
      blockNumber: 5n,
      from: payer,
      currency: "0x0000000000000000000000000000000000000000",
      amount: 100n,
      id: `0x${"11".repeat(32)}` as Hex,
    },
    depositAddress: {
      address: depositAddress,
      depositAddressType: "strict",
      depositor: "0x000000000000000000000000000000000000a5E1",
      depositTxHash: null,
    },
  });
  expect(requestAddresses(request)).toEqual([
    "0x000000000000000000000000000000000000a5E1",
    payer,
    "0x000000000000000000000000000000000000bEEF",
    "0x000000000000000000000000000000000000Cafe",
    depositAddress,
    "0x000000000000000000000000000000000000a5E1",
  ]);
});
