import { hashStruct } from "viem";
import { expect, test } from "vitest";
import { liveQuote, orderChains, sampleOrderV1, sampleOrderV2 } from "../../../../test/support/fixtures.js";
import { orderTypesV1 } from "./constants.js";
import { hashOrder } from "./hashOrder.js";
import { hashOrderStructs } from "./hashOrderStructs.js";
import { toOrderStruct } from "./toOrderStruct.js";

test("default: every struct of the live order, children first, the order id last", () => {
  const { orderData, orderId } = liveQuote().protocol.v2;
  const hashes = hashOrderStructs({ orderData, chains: orderChains });
  expect(hashes.map((h) => `${h.type} ${h.path}`)).toEqual([
    "InputPayment orderData.inputs[0].payment",
    "InputRefund orderData.inputs[0].refunds[0]",
    "InputRefund orderData.inputs[0].refunds[1]",
    "Input orderData.inputs[0]",
    "OutputPayment orderData.output.payments[0]",
    "Output orderData.output",
    "Order orderData",
  ]);
  expect(hashes.at(-1)?.hash).toBe(orderId);
});

test("each hash is the struct's own hashStruct", () => {
  const struct = toOrderStruct({ orderData: sampleOrderV1(), chains: orderChains });
  if (struct.version !== "v1") throw new Error("unreachable");
  const hashes = hashOrderStructs({ struct });
  const byPath = Object.fromEntries(hashes.map((h) => [h.path, h.hash]));
  expect(byPath["orderData.fees[0]"]).toBe(
    hashStruct({ types: orderTypesV1, primaryType: "Fee", data: struct.fees[0] as never }),
  );
  expect(byPath["orderData.inputs[0].refunds[1]"]).toBe(
    hashStruct({
      types: orderTypesV1,
      primaryType: "InputRefund",
      data: struct.inputs[0]?.refunds[1] as never,
    }),
  );
  expect(hashes.at(-1)?.hash).toBe(hashOrder({ orderData: sampleOrderV1(), chains: orderChains }));
});

test("v2 paths", () => {
  const hashes = hashOrderStructs({ orderData: sampleOrderV2(), chains: orderChains });
  expect(hashes.map((h) => `${h.type} ${h.path}`)).toEqual([
    "Input orderData.input",
    "Refund orderData.refunds[0]",
    "Refund orderData.refunds[1]",
    "Withdraw orderData.output.withdraw",
    "Fill orderData.output.fill",
    "Output orderData.output",
    "Fee orderData.fees[0]",
    "Order orderData",
  ]);
  expect(hashes.at(-1)?.hash).toBe("0x891a00b48e5c73016382af5eec240cca7cf6751c2ce572c09ba9c203f52168cc");
});
