import { describe, expect, test } from "vitest";
import {
  liveQuote,
  liveSolver,
  orderChains,
  orderStrangerKey,
  orderTestSolver,
  sampleOrderV1,
  sampleOrderV2,
  samplePaymentDetails,
  signOrderId,
} from "../../../../test/support/fixtures.js";
import { hashOrder } from "./hashOrder.js";
import { verifyOrder } from "./verifyOrder.js";

const live = () => liveQuote().protocol.v2;
const verifyLive = (patch: (v2: ReturnType<typeof live>) => void = () => {}) => {
  const v2 = live();
  patch(v2);
  return verifyOrder({
    ...v2,
    orderId: v2.orderId,
    orderData: v2.orderData,
    orderSignature: v2.orderSignature,
    paymentDetails: v2.paymentDetails,
    chains: orderChains,
  });
};

async function signedSample(key?: `0x${string}`) {
  const orderData = sampleOrderV1();
  const orderId = hashOrder({ orderData, chains: orderChains });
  return {
    orderData,
    orderId,
    orderSignature: await signOrderId(orderId, key),
    paymentDetails: samplePaymentDetails(),
  };
}

test("default: the live quote's order is valid, every check passes", async () => {
  const result = await verifyLive();
  expect(result.valid).toBe(true);
  expect(result.reason).toBeUndefined();
  expect(result.signer?.toLowerCase()).toBe(liveSolver);
  expect(result.orderId).toBe(result.givenOrderId);
  expect(result.structHashes.at(-1)?.hash).toBe(result.orderId);
  expect(result.digest).toBe("0x105e3d69caacb34d19bf385b7a996feec98129616557962217e827b1b205f763");
  expect(result.checks.map((c) => [c.name, c.ok])).toEqual([
    ["orderId", true],
    ["signature", true],
    ["signer", true],
    ["paymentDetails", true],
    ["depository", true],
  ]);
});

describe("any one field changed: invalid", () => {
  const amounts: [string, (v2: ReturnType<typeof live>) => void, string, string][] = [
    [
      "an output minimum in orderData",
      (v2) =>
        ((
          (v2.orderData.output as { payments: Record<string, unknown>[] }).payments[0] as Record<
            string,
            unknown
          >
        ).minimumAmount = "4401605382885926480309"),
      "orderId-mismatch",
      "signer",
    ],
    [
      "the input amount in orderData",
      (v2) =>
        ((
          (v2.orderData.inputs as { payment: Record<string, unknown> }[])[0] as {
            payment: Record<string, unknown>;
          }
        ).payment.amount = "874803905765356"),
      "orderId-mismatch",
      "signer",
    ],
    [
      "paymentDetails.amount",
      (v2) => ((v2.paymentDetails as Record<string, unknown>).amount = "874803905765356"),
      "amount-mismatch",
      "paymentDetails",
    ],
    [
      "paymentDetails.depository",
      (v2) =>
        ((v2.paymentDetails as Record<string, unknown>).depository =
          "0x59916da825d2d2ec1bf878d71c88826f6633ecca"),
      "depository-mismatch",
      "depository",
    ],
    ["the given orderId", (v2) => (v2.orderId = `0x${"00".repeat(32)}`), "orderId-mismatch", "orderId"],
  ];
  test.each(amounts)("%s", async (_, patch, reason, failing) => {
    const result = await verifyLive(patch);
    expect(result.valid).toBe(false);
    expect(result.reason).toBe(reason);
    expect(result.checks.find((c) => c.name === failing)?.ok).toBe(false);
  });

  test("a changed orderData with the original id: the signature still recovers the solver over the given id, but not over the content", async () => {
    const result = await verifyLive((v2) => {
      (v2.orderData as Record<string, unknown>).salt = "0x01";
    });
    expect(result.checks.map((c) => [c.name, c.ok])).toEqual([
      ["orderId", false],
      ["signature", true],
      ["signer", false],
      ["paymentDetails", true],
      ["depository", true],
    ]);
    expect(result.checks[2]).toMatchObject({ reason: "signer-not-allowed", expected: liveSolver });
  });
});

describe("solvers", () => {
  test("the test key is refused by default and accepted when named", async () => {
    const order = await signedSample();
    const byDefault = await verifyOrder({ ...order, chains: orderChains });
    expect(byDefault).toMatchObject({ valid: false, reason: "signer-not-allowed", signer: orderTestSolver });
    const named = await verifyOrder({ ...order, chains: orderChains, solvers: [orderTestSolver] });
    expect(named.valid).toBe(true);
    const lower = await verifyOrder({
      ...order,
      chains: orderChains,
      solvers: [liveSolver, orderTestSolver.toLowerCase()],
    });
    expect(lower.valid).toBe(true);
    expect(lower.checks[2]?.expected).toBe(`${liveSolver}, ${orderTestSolver.toLowerCase()}`);
  });
  test("a stranger's signature is refused", async () => {
    const order = await signedSample(orderStrangerKey);
    const result = await verifyOrder({ ...order, chains: orderChains, solvers: [orderTestSolver] });
    expect(result).toMatchObject({ valid: false, reason: "signer-not-allowed" });
  });
  test("a malformed solver is an error", async () => {
    const order = await signedSample();
    await expect(
      verifyOrder({ ...order, chains: orderChains, solvers: [orderTestSolver, "0x1234"] }),
    ).rejects.toThrow(expect.objectContaining({ name: "InvalidOrderFieldError", field: "solvers[1]" }));
  });
});

test("a broken signature rule is a verdict with no signer", async () => {
  const order = await signedSample();
  const v = Number.parseInt(order.orderSignature.slice(130), 16);
  const bad = `${order.orderSignature.slice(0, 130)}${(v + 4).toString(16)}`;
  const result = await verifyOrder({
    ...order,
    orderSignature: bad,
    chains: orderChains,
    solvers: [orderTestSolver],
  });
  expect(result).toMatchObject({ valid: false, reason: "invalid-v", signer: null });
  expect(result.checks.slice(1, 3)).toEqual([
    { name: "signature", ok: false, reason: "invalid-v" },
    { name: "signer", ok: false, reason: "no-signer", expected: orderTestSolver.toLowerCase() },
  ]);
});

test("v2 orders verify with their own layout", async () => {
  const orderData = sampleOrderV2();
  const orderId = hashOrder({ orderData, chains: orderChains });
  const result = await verifyOrder({
    orderData,
    orderId,
    orderSignature: await signOrderId(orderId),
    paymentDetails: {
      chainId: "solana",
      currency: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      amount: "100000000",
      depository: "99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2",
    },
    chains: orderChains,
    solvers: [orderTestSolver],
  });
  expect(result).toMatchObject({ valid: true, version: "v2", orderId });
});

describe("malformed input throws, in a fixed order", () => {
  test("solvers before orderData before orderId before paymentDetails before the signature", async () => {
    const order = await signedSample();
    const everythingBroken = {
      orderData: { ...order.orderData, salt: "x" },
      orderId: "0x12",
      paymentDetails: null,
      orderSignature: "0x12",
      chains: orderChains,
    };
    await expect(verifyOrder({ ...everythingBroken, solvers: ["x"] })).rejects.toThrow(
      expect.objectContaining({ field: "solvers[0]" }),
    );
    await expect(verifyOrder(everythingBroken)).rejects.toThrow(
      expect.objectContaining({ field: "orderData.salt" }),
    );
    await expect(verifyOrder({ ...everythingBroken, orderData: order.orderData })).rejects.toThrow(
      expect.objectContaining({ field: "orderId" }),
    );
    await expect(
      verifyOrder({ ...everythingBroken, orderData: order.orderData, orderId: order.orderId }),
    ).rejects.toThrow(expect.objectContaining({ field: "paymentDetails" }));
    await expect(
      verifyOrder({
        ...everythingBroken,
        orderData: order.orderData,
        orderId: order.orderId,
        paymentDetails: order.paymentDetails,
      }),
    ).rejects.toThrow(expect.objectContaining({ field: "orderSignature" }));
  });
  test("an order without a signature (quote not asked with includeProtocolData) is an error, not a verdict", async () => {
    const v2 = live();
    await expect(
      verifyOrder({
        ...v2,
        orderId: v2.orderId,
        orderData: v2.orderData,
        orderSignature: null,
        paymentDetails: v2.paymentDetails,
        chains: orderChains,
      }),
    ).rejects.toThrow(expect.objectContaining({ name: "MissingOrderFieldError", field: "orderSignature" }));
  });
  test("an unknown chain slug is an error", async () => {
    await expect(
      verifyLive((v2) => ((v2.orderData.output as Record<string, unknown>).chainId = "zkfoo")),
    ).rejects.toThrow(
      expect.objectContaining({ name: "UnknownOrderChainError", field: "orderData.output.chainId" }),
    );
  });
});
