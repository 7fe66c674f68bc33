import { zeroAddress } from "viem";
import type { EvmApprovalRequest, EvmTransactionRequest } from "../../../schemas/index.js";
import { acceptedItem } from "./acceptedItem.js";
import { decodeCall } from "./decodeCall.js";
import { readTransactionTarget } from "./readTransactionTarget.js";
import { refuse } from "./refuse.js";
import type { DecodedItem, EffectContext, Move, PaymentFields } from "./types.js";

export type DecodeSelfExecutedItemParameters = {
  /** The item's data, as `classifyStepItem` checked it. */
  data: EvmTransactionRequest | EvmApprovalRequest;
  context: EffectContext;
};

const sendFields: PaymentFields = {
  payee: "data.to",
  currency: "data.to",
  amount: "data.value",
  binding: "data",
  depositor: "data.from",
};
const callFields: PaymentFields = { ...sendFields, payee: "data.data.to", amount: "data.data.amount" };

/**
 * Decodes an item of a same-chain quote the caller runs itself (no solver, no order) into the money
 * it moves, so that it can be checked against the intent alone: a native transfer or the currency's
 * `transfer` (a send), the trusted wrapped native currency's `deposit`/`depositTo` (a wrap) or
 * `withdraw`/`withdrawTo` (an unwrap), an `approve` of the currency paid; anything else (a swap
 * through a router) only when the caller accepted it.
 *
 * @param parameters - {@link DecodeSelfExecutedItemParameters}
 * @returns The item's moves, or why it is refused. {@link DecodedItem}
 * @example
 * const decoded = decodeSelfExecutedItem({ data: action.data, context })
 */
export function decodeSelfExecutedItem({ data, context }: DecodeSelfExecutedItemParameters): DecodedItem {
  const { origin } = context;
  const target = readTransactionTarget(data, context);
  if (!target.ok) return target;
  const { to, value, calldata } = target;
  const weth = origin.wrappedNative?.toLowerCase();
  if (calldata === "0x" && value > 0n && to !== weth)
    return pay("send", to, zeroAddress, value, sendFields, context, `send ${value} wei to ${to}`);
  const call = calldata === "0x" ? undefined : decodeCall(calldata);
  if (call !== undefined && call.trailing === undefined) {
    if (to === weth) {
      const wrapped = decodeWethCall(call.functionName, call.args, value, weth, context);
      if (wrapped !== undefined) return wrapped;
    } else if (!context.native && to === context.currency && value === 0n) {
      if (call.functionName === "transfer") {
        const [payee, amount] = call.args as [string, bigint];
        return pay(
          "send",
          payee,
          to,
          amount,
          callFields,
          context,
          `transfer ${amount} of ${to} to ${payee.toLowerCase()}`,
        );
      }
      if (call.functionName === "approve") {
        const [spender, amount] = call.args as [string, bigint];
        const move: Move = {
          type: "approve",
          chainId: origin.id,
          currency: to,
          spender: spender.toLowerCase(),
          amount,
        };
        return { ok: true, moves: [move], summary: `approve ${amount} of ${to} to ${spender.toLowerCase()}` };
      }
    }
  }
  if (context.accepted) return acceptedItem(origin.id, to, value);
  return refuse(
    "data",
    "undecoded-item",
    "a transfer to the recipient, or a wrap or unwrap of the trusted wrapped native currency",
    `${calldata.slice(0, 10)} on ${data.to}`,
  );
}

/** `deposit`, `depositTo`, `withdraw`, `withdrawTo` of the wrapped native currency. */
function decodeWethCall(
  name: string,
  args: readonly unknown[],
  value: bigint,
  weth: string,
  context: EffectContext,
): DecodedItem | undefined {
  const fields = { ...callFields, payee: "data.data.to", currency: "data.to" };
  if (name === "deposit" || name === "depositTo") {
    const payee = name === "deposit" ? context.user : (args[0] as string);
    return pay(
      "wrap",
      payee,
      zeroAddress,
      value,
      { ...fields, amount: "data.value" },
      context,
      `wrap ${value} wei for ${payee.toLowerCase()}`,
    );
  }
  if ((name === "withdraw" || name === "withdrawTo") && value === 0n) {
    const payee = name === "withdraw" ? context.user : (args[0] as string);
    const amount = args[args.length - 1] as bigint;
    return pay(
      "unwrap",
      payee,
      weth,
      amount,
      fields,
      context,
      `unwrap ${amount} of ${weth} for ${payee.toLowerCase()}`,
    );
  }
  return undefined;
}

function pay(
  via: "send" | "wrap" | "unwrap",
  payee: string,
  currency: string,
  amount: bigint,
  fields: PaymentFields,
  context: EffectContext,
  summary: string,
): DecodedItem {
  const move: Move = {
    type: "pay",
    via,
    chainId: context.origin.id,
    payee: payee.toLowerCase(),
    currency: currency.toLowerCase(),
    amount,
    binding: undefined,
    depositor: context.user,
    fields,
  };
  return { ok: true, moves: [move], summary };
}
