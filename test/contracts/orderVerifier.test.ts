// The eth_call pre-check of a quote's order: OrderVerifier deployed on an in-process chain, fed the
// struct toOrderStruct builds from the API's orderData, agrees with both TypeScript verifiers.
import { network } from "hardhat";
import { getContract } from "viem";
import { beforeAll, expect, test } from "vitest";
import { orderVerifierAbi } from "../../packages/attestkit/src/contracts/index.js";
import { hashOrderNoble } from "../../packages/attestkit/src/orders/noble/hashOrderNoble.js";
import {
  type OrderStructV1,
  type OrderStructV2,
  toOrderStruct,
} from "../../packages/attestkit/src/orders/toOrderStruct.js";
import { verifyQuote } from "../../packages/attestkit/src/orders/verifyQuote.js";
import { revertOf } from "../support/contracts.js";
import { liveQuote, liveSolver, orderChains, sampleOrderV2 } from "../support/fixtures.js";

let verifier: Awaited<ReturnType<typeof deploy>>;
async function deploy() {
  const { viem } = await network.create();
  const { address } = (await viem.deployContract("OrderVerifier" as never)) as { address: `0x${string}` };
  return getContract({ abi: orderVerifierAbi, address, client: await viem.getPublicClient() });
}
beforeAll(async () => {
  verifier = await deploy();
});

const live = () => liveQuote().protocol.v2;
const struct = (orderData: unknown) => toOrderStruct({ orderData, chains: orderChains }) as OrderStructV1;

test("default: the live quote's order checks out onchain as it does off-chain", async () => {
  const { orderData, orderId, orderSignature } = live();
  const order = struct(orderData);
  expect(await verifier.read.hashOrder([order])).toBe(orderId);
  expect(
    (await verifier.read.recoverOrderSigner([order, orderSignature as `0x${string}`])).toLowerCase(),
  ).toBe(liveSolver);
  expect(await verifier.read.isValidOrder([order, orderSignature as `0x${string}`, liveSolver])).toBe(true);
  expect((await verifyQuote({ quote: liveQuote(), chains: orderChains })).valid).toBe(true);
});

test("an amount changed in the order: a different id, and the live solver no longer signed it", async () => {
  const { orderData, orderId, orderSignature } = live();
  const tampered = structuredClone(orderData) as { output: { payments: Record<string, unknown>[] } };
  (tampered.output.payments[0] as Record<string, unknown>).minimumAmount = "4401605382885926480309";
  const order = struct(tampered);
  expect(await verifier.read.hashOrder([order])).not.toBe(orderId);
  expect(await verifier.read.isValidOrder([order, orderSignature as `0x${string}`, liveSolver])).toBe(false);
});

test("a malleable twin of the live signature reverts with the attestation rule's error", async () => {
  const { orderData, orderSignature } = live();
  const sig = orderSignature as string;
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  const twinS = (n - BigInt(`0x${sig.slice(66, 130)}`)).toString(16).padStart(64, "0");
  const twin = `${sig.slice(0, 66)}${twinS}${sig.slice(130) === "1b" ? "1c" : "1b"}` as `0x${string}`;
  expect((await revertOf(verifier.read.recoverOrderSigner([struct(orderData), twin]))).errorName).toBe(
    "AttestationHighSignatureS",
  );
  expect(await verifier.read.isValidOrder([struct(orderData), twin, liveSolver])).toBe(false);
});

test("a v1 struct claiming another version reverts with the version it carries", async () => {
  const order = { ...struct(live().orderData), version: "v2" } as unknown as OrderStructV1;
  expect(await revertOf(verifier.read.hashOrder([order]))).toEqual({
    errorName: "OrderUnsupportedVersion",
    args: ["v2"],
  });
});

test("v2: the SDK's order id onchain, equal to the noble path's", async () => {
  const order = toOrderStruct({ orderData: sampleOrderV2(), chains: orderChains }) as OrderStructV2;
  const id = await verifier.read.hashOrderV2([order]);
  expect(id).toBe("0x891a00b48e5c73016382af5eec240cca7cf6751c2ce572c09ba9c203f52168cc");
  expect(id).toBe(hashOrderNoble({ orderData: sampleOrderV2(), chains: orderChains }).orderId);
});
