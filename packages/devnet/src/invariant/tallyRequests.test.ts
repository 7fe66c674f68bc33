import { type Address, type Hex, zeroAddress } from "viem";
import { expect, test } from "vitest";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import type { Deposit, DevnetRequest } from "../state/types.js";
import { tallyRequests } from "./tallyRequests.js";

const usdc = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const id = (n: number) => `0x${`${n}`.padStart(64, "0")}` as Hex;
const deposit = (n: number, patch: Partial<Deposit> = {}): Deposit => ({
  chainId: 31337,
  txHash: id(100 + n),
  logIndex: 0,
  blockNumber: 10n,
  from: "0x000000000000000000000000000000000000dE90",
  currency: zeroAddress,
  amount: 100n,
  id: id(n),
  ...patch,
});
const request = (n: number, patch: Partial<DevnetRequest>): DevnetRequest =>
  quotedRequest({ requestId: id(n), deposit: deposit(n), ...patch });

test("default: open deposits are the unsettled ones; refunds and excesses paid back are subtracted", () => {
  const requests = [
    request(1, { status: "pending" }),
    request(2, { status: "submitted" }),
    request(3, { status: "failure", refundFailReason: "UNKNOWN" }),
    request(4, { status: "success", decision: { type: "fill", excess: 0n } }),
    request(5, {
      status: "refund",
      details: {
        refund: { chainId: 31337, txHash: id(9), currency: zeroAddress, amount: "100", recipient: "0x1" },
      },
    }),
    request(6, { status: "success", decision: { type: "fill", excess: 7n } }),
    request(7, {
      status: "success",
      decision: { type: "fill", excess: 7n },
      details: { excessRefund: { chainId: 31337, txHash: id(8), amount: "7" } },
    }),
    request(8, { status: "waiting", deposit: undefined }),
  ];
  const native = tallyRequests({ requests, chainId: 31337, historyFrom: 0n }).get(zeroAddress);
  expect(native).toMatchObject({ deposited: 700n, paidBack: 107n, open: 307n });
  expect(native?.openRequests).toEqual([id(1), id(2), id(3), id(6)]);
});

test("per currency and per chain; deposits before the history's start are not among those its logs show", () => {
  const requests = [
    request(1, { status: "pending", deposit: deposit(1, { currency: usdc, blockNumber: 3n }) }),
    request(2, { status: "success", deposit: deposit(2, { currency: usdc, blockNumber: 12n }) }),
    request(3, { status: "pending", deposit: deposit(3, { chainId: 31338 }) }),
  ];
  const tallies = tallyRequests({ requests, chainId: 31337, historyFrom: 10n });
  expect([...tallies.keys()]).toEqual([usdc.toLowerCase()]);
  expect(tallies.get(usdc.toLowerCase())).toMatchObject({
    deposited: 200n,
    depositedSince: 100n,
    depositTxs: new Set([id(102)]),
    open: 100n,
  });
});
