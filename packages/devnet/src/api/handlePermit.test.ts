import { devnetDepositoryAbi } from "attestkit/contracts";
import { decodeFunctionData, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import {
  apiChain,
  depository,
  originChainId,
  originToken,
  recordingSender,
  solver,
  thrown,
} from "../../../../test/support/devnetApi.js";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import { devnetEip3009TokenAbi } from "../contracts/abis.js";
import { type PermitAuthorization, permitTypedData } from "../quote/buildPermitStep.js";
import { createPermitBook } from "../state/createPermitBook.js";
import { createRequestStore } from "../state/createRequestStore.js";
import { type HandlePermitParameters, handlePermit, type PermitDeps } from "./handlePermit.js";

const user = privateKeyToAccount(`0x${"42".repeat(32)}`);
const request = quotedRequest({ user: user.address, originCurrency: originToken, amountIn: 5_000_000n });
const requestId = request.requestId;
/** The authorization's last valid second is 1,999 (validBefore 2,000). */
const authorization: PermitAuthorization = {
  chainId: originChainId,
  token: originToken,
  tokenName: "USD Coin",
  from: user.address,
  to: solver.address,
  value: 5_000_000n,
  validAfter: 0n,
  validBefore: 2_000n,
  nonce: `0x${"0d".repeat(32)}`,
};
const now = 1_999_999;

/** A devnet with the request quoted with `usePermit`; the origin's receipts are `statuses` in order. */
function setup(statuses: ("success" | "reverted")[] = ["success", "success", "success"]) {
  const { sender, sent } = recordingSender((index) => statuses[index] ?? "success");
  const scans: number[] = [];
  const chain = apiChain(originChainId, {
    sender,
    indexer: { scan: async () => void scans.push(1), indexTransaction: async () => [] },
  });
  const store = createRequestStore({ onTransition: () => {}, log: () => {}, initial: [request] });
  const permits = createPermitBook();
  permits.add(requestId, authorization);
  const context: PermitDeps = { store, permits, chains: new Map([[originChainId, chain]]) };
  const post = async (parameters: Partial<HandlePermitParameters> = {}) =>
    handlePermit({ context, signature, body: { kind: "eip3009", requestId }, now, ...parameters });
  return { context, permits, sent, scans, post };
}

const signature = await user.signTypedData(permitTypedData(authorization));

test("default: the authorization is received by the solver and deposited under the order id", async () => {
  const { post, sent, permits, scans } = setup();
  expect(await post()).toEqual({ message: "Transaction submitted", steps: [] });
  expect(sent.map(({ to }) => to)).toEqual([originToken, depository]);
  const receive = decodeFunctionData({ abi: devnetEip3009TokenAbi, data: sent[0]?.data as Hex });
  expect(receive.functionName).toBe("receiveWithAuthorization");
  expect(receive.args).toEqual([
    user.address,
    solver.address,
    5_000_000n,
    0n,
    2_000n,
    authorization.nonce,
    signature,
  ]);
  const deposit = decodeFunctionData({ abi: devnetDepositoryAbi, data: sent[1]?.data as Hex });
  expect(deposit).toEqual({
    functionName: "depositErc20",
    args: [user.address, originToken, 5_000_000n, authorization.nonce],
  });
  expect(permits.isSubmitted(requestId)).toBe(true);
  expect(scans).toHaveLength(1);
});

test("never twice: a second post is refused without sending anything", async () => {
  const { post, sent } = setup();
  await post();
  expect(await thrown(post)).toMatchObject({ status: 400, body: { errorCode: "PERMIT_FAILED" } });
  expect(sent).toHaveLength(2);
});

test("the body: kind eip3009 and a request id of 64 hex digits (400 INVALID_REQUEST)", async () => {
  const { post } = setup();
  for (const body of [undefined, {}, { kind: "permit", requestId }, { kind: "eip3009", requestId: "0x12" }])
    expect(await thrown(() => post({ body }))).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_REQUEST" },
    });
});

test("the signature: 65 bytes of hex (400 PERMIT_FAILED), by the authorization's owner", async () => {
  const { post, sent } = setup();
  for (const bad of [undefined, "0x12", `${signature}00`])
    expect(await thrown(() => post({ signature: bad }))).toMatchObject({
      status: 400,
      body: { errorCode: "PERMIT_FAILED" },
    });
  const stranger = await solver.signTypedData(permitTypedData(authorization));
  const wrong = await thrown(() => post({ signature: stranger }));
  expect(wrong).toMatchObject({ status: 400, body: { errorCode: "PERMIT_FAILED" } });
  expect((wrong.body as { message: string }).message).toContain(solver.address);
  expect(sent).toEqual([]);
});

test("an unknown request is 404; a request quoted without usePermit is refused", async () => {
  const { post, context } = setup();
  expect(
    await thrown(() => post({ body: { kind: "eip3009", requestId: `0x${"99".repeat(32)}` } })),
  ).toMatchObject({
    status: 404,
    body: { errorCode: "REQUEST_NOT_FOUND" },
  });
  const other = quotedRequest({ requestId: `0x${"22".repeat(32)}` });
  context.store.create(other);
  expect(await thrown(() => post({ body: { kind: "eip3009", requestId: other.requestId } }))).toMatchObject({
    status: 400,
    body: { errorCode: "PERMIT_FAILED" },
  });
});

test("expiry: the last second before validBefore is accepted, validBefore itself is not", async () => {
  expect(await thrown(() => setup().post({ now: 2_000_000 }))).toMatchObject({
    status: 400,
    body: { errorCode: "PERMIT_FAILED" },
  });
  expect(await setup().post({ now: 1_999_999 })).toMatchObject({ message: "Transaction submitted" });
});

test("a token that refuses the authorization releases it for another try", async () => {
  const { post, permits, sent } = setup(["reverted"]);
  expect(await thrown(post)).toMatchObject({ status: 400, body: { errorCode: "PERMIT_FAILED" } });
  expect(sent).toHaveLength(1);
  expect(permits.isSubmitted(requestId)).toBe(false);
});

test("a failed deposit sends the tokens back to the user, and the authorization stays used", async () => {
  const { post, permits, sent } = setup(["success", "reverted", "success"]);
  const failed = await thrown(post);
  expect(failed).toMatchObject({ status: 400, body: { errorCode: "PERMIT_FAILED" } });
  expect(sent.map(({ to }) => to)).toEqual([originToken, depository, originToken]);
  expect(decodeFunctionData({ abi: devnetEip3009TokenAbi, data: sent[2]?.data as Hex })).toEqual({
    functionName: "transfer",
    args: [user.address, 5_000_000n],
  });
  expect(permits.isSubmitted(requestId)).toBe(true);
});
