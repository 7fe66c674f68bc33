import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { liveQuote, orderChains, sampleOrderV1 } from "../../../../../test/support/fixtures.js";
import { hashOrderStructs } from "../hashOrderStructs.js";
import { hashOrderNoble } from "./hashOrderNoble.js";

type Public = { name: string; chains: Record<string, string> | null; orderId: string; orderData: unknown };
const publicOrders = (
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL("../../../../../test/vectors/public-orders.json", import.meta.url)),
      "utf8",
    ),
  ) as { orders: Public[] }
).orders;

test("default: the live quote's order id", () => {
  const { orderData, orderId } = liveQuote().protocol.v2;
  expect(hashOrderNoble({ orderData, chains: orderChains }).orderId).toBe(orderId);
});

test.each(publicOrders.map((o) => [o.name, o] as const))("public vector %s", (_, vector) => {
  const chains = vector.chains ? { vmTypes: vector.chains as never } : orderChains;
  expect(hashOrderNoble({ orderData: vector.orderData, chains }).orderId).toBe(vector.orderId);
});

test("the struct hashes equal the viem path's, in the same order", () => {
  const orderData = sampleOrderV1();
  expect(hashOrderNoble({ orderData, chains: orderChains }).structHashes).toEqual(
    hashOrderStructs({ orderData, chains: orderChains }),
  );
});

test("the signed payment comes back with the hash", () => {
  const { payment } = hashOrderNoble({ orderData: sampleOrderV1(), chains: orderChains });
  expect(payment?.chainId).toBe("base");
  expect(payment?.amount).toBe(100000000n);
});
