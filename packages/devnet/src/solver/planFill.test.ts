import { devnetDepositoryAbi } from "attestkit/contracts";
import { type Address, decodeFunctionData, type Hex } from "viem";
import { expect, test } from "vitest";
import { nativeCurrencyAddress } from "../constants.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import { payoutGas, planFill } from "./planFill.js";

const depository = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" as Address;
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const recipient = "0x000000000000000000000000000000000000bEEF" as Address;
const target = "0x000000000000000000000000000000000000Ca11" as Address;
const requestId = `0x${"11".repeat(32)}` as Hex;
const request = (destinationCurrency: Address, txs: { to: Address; data: Hex; value: bigint }[] = []) =>
  createDevnetRequest({
    requestId,
    status: "pending",
    apiKey: undefined,
    referrer: null,
    originChainId: 1,
    destinationChainId: 2,
    user: recipient,
    recipient,
    refundTo: recipient,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency,
    amountIn: 100n,
    amountOut: 90n,
    txs,
    createdAt: 0,
  });

test("default: a native payout through the depository, with the value", () => {
  const [payout, ...rest] = planFill({ request: request(nativeCurrencyAddress), depository });
  expect(rest).toEqual([]);
  expect(payout).toMatchObject({ to: depository, value: 90n, gas: payoutGas });
  expect(decodeFunctionData({ abi: devnetDepositoryAbi, data: payout?.data as Hex })).toEqual({
    functionName: "devnetFillNative",
    args: [requestId, recipient],
  });
});

test("the calls come first and their value comes out of a native output", () => {
  const calls = planFill({
    request: request(nativeCurrencyAddress, [{ to: target, data: "0x12", value: 30n }]),
    depository,
  });
  expect(calls[0]).toEqual({ to: target, data: "0x12", value: 30n });
  expect(calls[1]).toMatchObject({ value: 60n });
  // Calls that take the whole output leave no payout.
  expect(
    planFill({
      request: request(nativeCurrencyAddress, [{ to: target, data: "0x", value: 90n }]),
      depository,
    }),
  ).toHaveLength(1);
});

test("a token output is paid in full through devnetFillErc20", () => {
  const [payout] = planFill({ request: request(token), depository });
  expect(payout?.value).toBeUndefined();
  expect(decodeFunctionData({ abi: devnetDepositoryAbi, data: payout?.data as Hex })).toEqual({
    functionName: "devnetFillErc20",
    args: [requestId, token, recipient, 90n],
  });
});

test("a gas top-up is one more native payout to the recipient, after the token output", () => {
  const calls = planFill({ request: { ...request(token), gasTopup: 7n }, depository });
  expect(
    calls.map((call) => decodeFunctionData({ abi: devnetDepositoryAbi, data: call.data as Hex })),
  ).toEqual([
    { functionName: "devnetFillErc20", args: [requestId, token, recipient, 90n] },
    { functionName: "devnetFillNative", args: [requestId, recipient] },
  ]);
  expect(calls[1]).toMatchObject({ to: depository, value: 7n });
  // No top-up, no second payout.
  expect(planFill({ request: { ...request(token), gasTopup: 0n }, depository })).toHaveLength(1);
});

test("the quote's EIP-7702 authorizations go with the first transaction only", () => {
  const authorization = { chainId: 2, address: target, nonce: 0, yParity: 1, r: "0x01", s: "0x02" } as const;
  const withCalls = planFill({
    request: {
      ...request(nativeCurrencyAddress, [{ to: target, data: "0x12", value: 30n }]),
      authorizationList: [authorization],
    },
    depository,
  });
  expect(withCalls.map((call) => call.authorizationList)).toEqual([[authorization], undefined]);
  const payoutOnly = planFill({
    request: { ...request(token), authorizationList: [authorization] },
    depository,
  });
  expect(payoutOnly[0]?.authorizationList).toEqual([authorization]);
  // An empty list asks for nothing: no type-4 transaction.
  expect(
    planFill({ request: { ...request(token), authorizationList: [] }, depository })[0],
  ).not.toHaveProperty("authorizationList");
});
