import { decodeFunctionData, type Hex } from "viem";
import type { EvmApprovalRequest, EvmTransactionRequest, Step } from "../../schemas/index.js";
import { type ItemVerdict, refuseItem } from "./itemVerdict.js";
import { paymentAbi } from "./paymentAbi.js";
import type { PaymentTerms } from "./types.js";

export type CheckTransactionItemParameters = {
  step: Step;
  /** The item's data as `classifyStepItem` checked it. */
  data: EvmTransactionRequest | EvmApprovalRequest;
  terms: PaymentTerms;
  /** True when the caller accepted this item undecoded. */
  accepted: boolean;
};

/**
 * Checks that an EVM transaction item pays exactly the order, on the origin chain:
 * - to the depository: `depositNative(user, orderId)` with the order's amount as value, or
 *   `depositErc20(user, currency, amount, orderId)` with no value (the live calldata);
 * - to the currency paid: `approve(spender, amount)` of at most the order's amount to a spender the
 *   chain lists (depository, approval proxy, router), or, with a deposit address, `transfer` of
 *   exactly the amount to it;
 * - to the step's deposit address: a plain native transfer of exactly the amount;
 * - an approval item without calldata: a call to the currency paid, with no value.
 * Anything else (an origin swap through a router's multicall, say) is refused unless accepted by name.
 *
 * @param parameters - {@link CheckTransactionItemParameters}
 * @returns The verdict. {@link ItemVerdict}
 * @example
 * const verdict = checkTransactionItem({ step, data: action.data, terms, accepted: false })
 */
export function checkTransactionItem({
  step,
  data,
  terms,
  accepted,
}: CheckTransactionItemParameters): ItemVerdict {
  const { origin, amount, orderId, user, native } = terms;
  const to = data.to.toLowerCase();
  const value = data.value ?? 0n;
  const currency = terms.currency.toLowerCase();
  const depositAddress = step.depositAddress ? step.depositAddress.toLowerCase() : undefined;
  if (data.chainId !== origin.id)
    return refuseItem("data.chainId", "wrong-chain", String(origin.id), String(data.chainId));
  const calldata = data.data ?? "0x";
  // A transfer to the deposit address carries no calldata; anything else must decode.
  if (depositAddress !== undefined && to === depositAddress && native && calldata === "0x")
    return value === amount
      ? { ok: true, summary: `transfer ${amount} to the deposit address ${data.to}` }
      : refuseItem("data.value", "amount-mismatch", amount.toString(), value.toString());
  if (data.data === undefined || data.data === null) {
    if (!native && to === currency && value === 0n)
      return { ok: true, summary: `approval call to ${data.to}` };
    return accepted
      ? { ok: true, summary: "accepted without decoding" }
      : refuseItem("data.to", "undecoded-item", `the currency paid ${terms.currency}`, data.to);
  }
  let call: ReturnType<typeof decodeFunctionData<typeof paymentAbi>> | undefined;
  try {
    call = decodeFunctionData({ abi: paymentAbi, data: calldata as Hex });
  } catch {
    call = undefined;
  }
  if (to === terms.depository.toLowerCase() && call?.functionName === "depositNative") {
    const [depositor, id] = call.args;
    if (!native) return refuseItem("data.data", "wrong-deposit-kind", "depositErc20", "depositNative");
    if (depositor.toLowerCase() !== user.toLowerCase())
      return refuseItem("data.data.depositor", "depositor-mismatch", user, depositor);
    if (id.toLowerCase() !== orderId) return refuseItem("data.data.id", "order-id-mismatch", orderId, id);
    if (value !== amount)
      return refuseItem("data.value", "amount-mismatch", amount.toString(), value.toString());
    return { ok: true, summary: `depositNative ${amount} to the depository, id ${orderId}` };
  }
  if (to === terms.depository.toLowerCase() && call?.functionName === "depositErc20") {
    const [depositor, token, paid, id] = call.args;
    if (native) return refuseItem("data.data", "wrong-deposit-kind", "depositNative", "depositErc20");
    if (depositor.toLowerCase() !== user.toLowerCase())
      return refuseItem("data.data.depositor", "depositor-mismatch", user, depositor);
    if (token.toLowerCase() !== currency)
      return refuseItem("data.data.token", "currency-mismatch", terms.currency, token);
    if (paid !== amount)
      return refuseItem("data.data.amount", "amount-mismatch", amount.toString(), paid.toString());
    if (id.toLowerCase() !== orderId) return refuseItem("data.data.id", "order-id-mismatch", orderId, id);
    if (value !== 0n) return refuseItem("data.value", "unexpected-value", "0", value.toString());
    return {
      ok: true,
      summary: `depositErc20 ${amount} of ${terms.currency} to the depository, id ${orderId}`,
    };
  }
  if (!native && to === currency && call?.functionName === "approve") {
    const [spender, allowance] = call.args;
    if (!origin.spenders.has(spender.toLowerCase()))
      return refuseItem(
        "data.data.spender",
        "unknown-spender",
        `one of ${[...origin.spenders].join(", ") || "(none listed)"}`,
        spender,
      );
    if (allowance > amount)
      return refuseItem(
        "data.data.amount",
        "allowance-above-amount",
        `at most ${amount}`,
        allowance.toString(),
      );
    if (value !== 0n) return refuseItem("data.value", "unexpected-value", "0", value.toString());
    return { ok: true, summary: `approve ${allowance} of ${terms.currency} to ${spender}` };
  }
  if (!native && to === currency && call?.functionName === "transfer" && depositAddress !== undefined) {
    const [payee, paid] = call.args;
    if (payee.toLowerCase() !== depositAddress)
      return refuseItem("data.data.to", "payee-mismatch", step.depositAddress as string, payee);
    if (paid !== amount)
      return refuseItem("data.data.amount", "amount-mismatch", amount.toString(), paid.toString());
    if (value !== 0n) return refuseItem("data.value", "unexpected-value", "0", value.toString());
    return { ok: true, summary: `transfer ${amount} of ${terms.currency} to the deposit address ${payee}` };
  }
  if (accepted) return { ok: true, summary: "accepted without decoding" };
  return refuseItem(
    "data",
    "undecoded-item",
    "a deposit into the depository, an approval or a transfer to the deposit address",
    `${call?.functionName ?? calldata.slice(0, 10)} on ${data.to}`,
  );
}
