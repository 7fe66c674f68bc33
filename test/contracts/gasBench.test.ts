// The gas acceptance of `npm run bench:gas`, kept as a test so that a regression fails CI.
import { expect, test } from "vitest";
import { calldataGas, measureGas } from "../../bench/gas/measureGas.js";

test("calldataGas prices zero and non-zero bytes", () => {
  expect(calldataGas("0x")).toBe(0);
  expect(calldataGas("0x00ff0001")).toBe(4 + 16 + 4 + 16);
});

test("payNative stays within 10% of the floor and 10% under the OpenZeppelin baseline", async () => {
  const result = await measureGas();
  expect(result.floor).toBe(result.floorItems.reduce((sum, item) => sum + item.gas, 0));
  expect(result.overhead).toBe(result.payNative - result.directDepositNative);
  expect(result.ozBaselineOverhead).toBe(result.ozBaselinePayNative - result.directDepositNative);
  // The floor is a lower bound: no implementation can go below it.
  expect(result.overhead).toBeGreaterThan(result.floor);
  expect(result.overheadOverFloor).toBeLessThanOrEqual(1.1);
  expect(result.overheadOverOzBaseline).toBeLessThanOrEqual(0.9);
  expect(result.payErc20).toBeGreaterThan(result.payNative);
});
