import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { keccak256, stringToHex } from "viem";
import { describe, expect, test } from "vitest";
import { liveQuote, orderChains, sampleOrderV1, sampleOrderV2 } from "../../../../test/support/fixtures.js";
import { orderTypesV1, orderTypesV2 } from "./constants.js";
import { hashOrder } from "./hashOrder.js";

type Public = { name: string; chains: Record<string, string> | null; orderId: string; orderData: unknown };
const publicOrders = (
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL("../../../../test/vectors/public-orders.json", import.meta.url)),
      "utf8",
    ),
  ) as { orders: Public[] }
).orders;

test("default: the live quote's order id is recomputed bit for bit", () => {
  const { orderId, orderData } = liveQuote().protocol.v2;
  expect(hashOrder({ orderData, chains: orderChains })).toBe(orderId);
});

test.each(publicOrders.map((o) => [o.name, o] as const))("public vector %s", (_, vector) => {
  const chains = vector.chains ? { vmTypes: vector.chains as never } : orderChains;
  expect(hashOrder({ orderData: vector.orderData, chains })).toBe(vector.orderId);
});

test("the typehashes are the published ones", () => {
  const typeHash = (types: Record<string, readonly { name: string; type: string }[]>, primary: string) => {
    const deps = new Set<string>();
    const visit = (t: string) => {
      for (const f of types[t] ?? []) {
        const base = f.type.replace(/\[\]$/, "");
        if (types[base] && !deps.has(base) && base !== primary) {
          deps.add(base);
          visit(base);
        }
      }
    };
    visit(primary);
    const text = [primary, ...[...deps].sort()]
      .map((t) => `${t}(${(types[t] ?? []).map((f) => `${f.type} ${f.name}`).join(",")})`)
      .join("");
    return keccak256(stringToHex(text));
  };
  expect(typeHash(orderTypesV1, "Order")).toBe(
    "0xee05e73da8f2fce11d34a78a39998b4dd8a56c6298aa9ad2870c3f9a2821dc8e",
  );
  expect(typeHash(orderTypesV1, "Input")).toBe(
    "0xc5b0643c7427e4816be79fd8064fc108fc7c5aefbe7016b1eeeb150228f93745",
  );
  expect(typeHash(orderTypesV1, "InputPayment")).toBe(
    "0x66edc7ab4e5f0ad0adad21638ffff360dbf956d89a28f9ec6cdd3e7a123bb4eb",
  );
  expect(typeHash(orderTypesV1, "InputRefund")).toBe(
    "0x9f8e11410c9bfb023e54a2bfcc41ef4f8db1fe4bb5db7873169ff3aead2bf0e2",
  );
  expect(typeHash(orderTypesV1, "Output")).toBe(
    "0xec5bd83409077be71a3fbc2c8578ea7dd1aa0ce0a7be97571a0a89e61e2c2269",
  );
  expect(typeHash(orderTypesV1, "OutputPayment")).toBe(
    "0x96c6557b6ec114bb9ff5291394bf5f35c3685043c1a46f43146634a70dca0cdc",
  );
  expect(typeHash(orderTypesV1, "Fee")).toBe(
    "0x5e1420e6482d4138dbc016fa378f064eb120b8b82c866fbb1da0b68c92f8abae",
  );
  expect(typeHash(orderTypesV2, "Order").slice(0, 10)).toBe("0xb7f48662");
  expect(typeHash(orderTypesV2, "Order").slice(-4)).toBe("b645");
});

test("the order of keys in the JSON does not matter", () => {
  const order = sampleOrderV1();
  const reversed = Object.fromEntries(Object.entries(order).reverse());
  expect(hashOrder({ orderData: reversed, chains: orderChains })).toBe(
    hashOrder({ orderData: order, chains: orderChains }),
  );
});

test("fields outside the signed layout do not change the id", () => {
  const order = { ...sampleOrderV1(), hubType: "onchain", extra: { anything: 1 } };
  expect(hashOrder({ orderData: order, chains: orderChains })).toBe(
    hashOrder({ orderData: sampleOrderV1(), chains: orderChains }),
  );
});

describe("every signed field changes the id", () => {
  const base = hashOrder({ orderData: sampleOrderV1(), chains: orderChains });
  const changes: [string, (o: ReturnType<typeof sampleOrderV1>) => void][] = [
    ["solverChainId", (o) => (o.solverChainId = "optimism")],
    ["solver", (o) => (o.solver = "0x0000000000000000000000000000000000000001")],
    ["salt", (o) => (o.salt = "0x01")],
    [
      "payment chain",
      (o) => ((o.inputs[0] as { payment: Record<string, unknown> }).payment.chainId = "arbitrum"),
    ],
    [
      "payment currency",
      (o) =>
        ((o.inputs[0] as { payment: Record<string, unknown> }).payment.currency = `0x${"11".repeat(20)}`),
    ],
    [
      "payment amount",
      (o) => ((o.inputs[0] as { payment: Record<string, unknown> }).payment.amount = "100000001"),
    ],
    ["payment weight", (o) => ((o.inputs[0] as { payment: Record<string, unknown> }).payment.weight = "2")],
    [
      "refund recipient",
      (o) => ((o.inputs[0]?.refunds[0] as Record<string, unknown>).recipient = `0x${"22".repeat(20)}`),
    ],
    ["refund minimum", (o) => ((o.inputs[0]?.refunds[0] as Record<string, unknown>).minimumAmount = "1")],
    ["refund deadline", (o) => ((o.inputs[0]?.refunds[0] as Record<string, unknown>).deadline = 1791082505)],
    ["refund extraData", (o) => ((o.inputs[0]?.refunds[1] as Record<string, unknown>).extraData = "0x00")],
    ["refunds order", (o) => o.inputs[0]?.refunds.reverse()],
    ["a refund dropped", (o) => o.inputs[0]?.refunds.pop()],
    ["output chain", (o) => (o.output.chainId = "arbitrum")],
    [
      "output recipient",
      (o) => ((o.output.payments[0] as Record<string, unknown>).recipient = `0x${"33".repeat(20)}`),
    ],
    ["output minimum", (o) => ((o.output.payments[0] as Record<string, unknown>).minimumAmount = "1")],
    ["output expected", (o) => ((o.output.payments[0] as Record<string, unknown>).expectedAmount = "1")],
    ["output deadline", (o) => (o.output.deadline = 1)],
    ["calls", (o) => (o.output.calls = [])],
    ["a call's bytes", (o) => (o.output.calls = ["0xd0e30db1"])],
    ["output extraData", (o) => (o.output.extraData = "0x")],
    ["fee amount", (o) => ((o.fees[0] as Record<string, unknown>).amount = "1001")],
    ["fee recipient chain", (o) => ((o.fees[0] as Record<string, unknown>).recipientChainId = "optimism")],
    ["fees dropped", (o) => (o.fees = [])],
  ];
  test.each(changes)("%s", (_, change) => {
    const order = sampleOrderV1();
    change(order);
    expect(hashOrder({ orderData: order, chains: orderChains })).not.toBe(base);
  });
});

test("v2: the SDK's vector, and a change of deadline changes it", () => {
  const order = sampleOrderV2();
  expect(hashOrder({ orderData: order, chains: orderChains })).toBe(
    "0x891a00b48e5c73016382af5eec240cca7cf6751c2ce572c09ba9c203f52168cc",
  );
  expect(hashOrder({ orderData: { ...order, deadline: 1774878937 }, chains: orderChains })).not.toBe(
    "0x891a00b48e5c73016382af5eec240cca7cf6751c2ce572c09ba9c203f52168cc",
  );
});
