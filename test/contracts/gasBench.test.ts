// The gas acceptance of `npm run bench:gas`, kept as a test so that a regression fails CI.
import { expect, test } from "vitest";
import { calldataGas, keccakGas, measureGas, orderHashingGas } from "../../bench/gas/measureGas.js";
import type { OrderStructV1 } from "../../packages/attestkit/src/orders/toOrderStruct.js";

test("calldataGas prices zero and non-zero bytes", () => {
  expect(calldataGas("0x")).toBe(0);
  expect(calldataGas("0x00ff0001")).toBe(4 + 16 + 4 + 16);
});

test("keccakGas prices started words; orderHashingGas counts every keccak of an order id", () => {
  expect([keccakGas(0), keccakGas(1), keccakGas(32), keccakGas(33)]).toEqual([30, 36, 36, 42]);
  const empty: OrderStructV1 = {
    version: "v1",
    solverChainId: "base",
    solver: "0x0000000000000000000000000000000000000001",
    salt: 0n,
    inputs: [],
    output: { chainId: "base", payments: [], deadline: 0, calls: [], extraData: "0x" },
    fees: [],
  };
  // version, solverChainId, Order (8 words), inputs [], chainId, extraData, Output (6 words),
  // payments [], calls [], fees [], then the 60-byte digest message.
  const expected = 36 + 36 + 78 + 30 + 36 + 30 + 66 + 30 + 30 + 30 + 42;
  expect(orderHashingGas(empty)).toBe(expected);
  const withCall: OrderStructV1 = { ...empty, output: { ...empty.output, calls: ["0xd0e30db0"] } };
  expect(orderHashingGas(withCall)).toBe(expected + 36 + 6); // The call's bytes, and one word in calls[].
});

let result: Awaited<ReturnType<typeof measureGas>>;
test("payNative stays within 10% of the floor and 10% under the OpenZeppelin baseline", async () => {
  result = await measureGas();
  expect(result.floor).toBe(result.floorItems.reduce((sum, item) => sum + item.gas, 0));
  expect(result.overhead).toBe(result.payNative - result.directDepositNative);
  expect(result.ozBaselineOverhead).toBe(result.ozBaselinePayNative - result.directDepositNative);
  // The floor is a lower bound: no implementation can go below it.
  expect(result.overhead).toBeGreaterThan(result.floor);
  expect(result.overheadOverFloor).toBeLessThanOrEqual(1.1);
  expect(result.overheadOverOzBaseline).toBeLessThanOrEqual(0.9);
  expect(result.payErc20).toBeGreaterThan(result.payNative);
});

// Within 17% of its floor: the refund legs' chain, currency and deadline checks (each leg of the
// live-shaped bench order: about 415 gas) took the overhead from 1.148 to 1.162 of the floor.
test("payOrderNative stays within 17% of its own floor", () => {
  expect(result.orderFloor).toBe(result.orderFloorItems.reduce((sum, item) => sum + item.gas, 0));
  expect(result.orderOverhead).toBe(result.payOrderNative - result.orderDirectDepositNative);
  expect(result.orderOverhead).toBeGreaterThan(result.orderFloor);
  expect(result.orderOverheadOverFloor).toBeLessThanOrEqual(1.17);
  expect(result.payOrderErc20).toBeGreaterThan(result.payOrderNative);
  expect(result.orderFloorItems.map((item) => item.name)).toEqual([
    "calldata",
    "replaySstore",
    "ecrecover",
    "whitelistRead",
    "configRead",
    "slugRead",
    "depositoryValueCall",
    "hashing",
    "paymentEvent",
  ]);
});
