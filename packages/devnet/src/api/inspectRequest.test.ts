import { type Hex, recoverMessageAddress } from "viem";
import { expect, test } from "vitest";
import { apiChains, depository, solver } from "../../../../test/support/devnetApi.js";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import type { OrderData } from "../../../attestkit/src/orders/types.js";
import type { DevnetRequest } from "../state/types.js";
import type { WebhookDelivery, WebhookOutbox } from "../webhooks/createWebhookOutbox.js";
import { type InspectRequestDeps, inspectRequest } from "./inspectRequest.js";

const orderId = `0x${"0d".repeat(32)}` as Hex;
const orderData = { version: "v2", relayerChainId: "devnet-origin" } as unknown as OrderData;

/** A delivery of the outbox, for the request `requestId`. */
const delivery = (id: string, requestId: string): WebhookDelivery => ({
  id,
  requestId,
  url: "http://127.0.0.1:9/hook",
  body: '{"secret":"body"}',
  state: "delivered",
  attempts: 1,
  lastResult: "200",
});

/** The EVM chains, the solver, and an outbox holding `deliveries`. */
function deps(deliveries: WebhookDelivery[] = []): InspectRequestDeps {
  const outbox = { deliveries: () => deliveries } as unknown as WebhookOutbox;
  return { chains: apiChains(), solver, outbox };
}

const ordered = (patch: Partial<DevnetRequest> = {}) => quotedRequest({ orderId, orderData, ...patch });

test("default: the request's terms as JSON, its order signed by the solver, its deliveries", async () => {
  const request = ordered({ amountIn: 10n ** 20n });
  const mine = delivery("evt_1", request.requestId.toUpperCase().replace("0X", "0x"));
  const inspected = await inspectRequest({
    context: deps([mine, delivery("evt_2", `0x${"99".repeat(32)}`)]),
    request,
  });
  expect(inspected).toMatchObject({
    requestId: request.requestId,
    orderId,
    status: "waiting",
    history: [{ status: "waiting", at: request.updatedAt }],
    amountIn: "100000000000000000000",
    amountOut: "90",
    deposit: null,
    depositAddress: null,
    protocol: {
      orderId,
      orderData,
      paymentDetails: {
        chainId: "devnet-origin",
        depository,
        currency: request.originCurrency,
        amount: "100000000000000000000",
      },
    },
  });
  const signature = inspected.protocol?.orderSignature as Hex;
  expect(await recoverMessageAddress({ message: { raw: orderId }, signature })).toBe(solver.address);
  // The request's deliveries only (ids compared in any case), without their bodies.
  expect(inspected.webhooks).toEqual([
    {
      id: "evt_1",
      requestId: mine.requestId,
      url: mine.url,
      state: "delivered",
      attempts: 1,
      lastResult: "200",
    },
  ]);
  // Plain JSON: nothing that JSON.stringify would change.
  expect(JSON.parse(JSON.stringify(inspected))).toEqual(inspected);
});

test("sign: false leaves the order unsigned", async () => {
  const inspected = await inspectRequest({ context: deps(), request: ordered(), sign: false });
  expect(inspected.protocol?.orderSignature).toBeNull();
});

test("no order (a request born from a deposit), or an origin the devnet does not run: no protocol", async () => {
  expect((await inspectRequest({ context: deps(), request: quotedRequest() })).protocol).toBeNull();
  expect(
    (await inspectRequest({ context: deps(), request: quotedRequest({ orderId }) })).protocol,
  ).toBeNull();
  const elsewhere = ordered({ originChainId: 1 });
  expect((await inspectRequest({ context: deps(), request: elsewhere })).protocol).toBeNull();
});

test("a recorded history and an indexed deposit are given as they are, bigints as strings", async () => {
  const request = ordered({
    status: "pending",
    history: [
      { status: "waiting", at: 1 },
      { status: "pending", at: 2 },
    ],
    deposit: {
      chainId: 31337,
      txHash: `0x${"d1".repeat(32)}`,
      logIndex: 3,
      blockNumber: 12n,
      from: quotedRequest().user,
      currency: quotedRequest().originCurrency,
      amount: 100n,
      id: orderId,
    },
  });
  const inspected = await inspectRequest({ context: deps(), request, sign: false });
  expect(inspected.history).toEqual([
    { status: "waiting", at: 1 },
    { status: "pending", at: 2 },
  ]);
  expect(inspected.deposit).toMatchObject({ blockNumber: "12", amount: "100", logIndex: 3, id: orderId });
});
