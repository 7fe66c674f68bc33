import { type Hex, zeroAddress } from "viem";
import type { EvmApprovalRequest, EvmTransactionRequest } from "../../../schemas/index.js";
import { acceptedItem } from "./acceptedItem.js";
import { type DecodedCall, decodeCall } from "./decodeCall.js";
import { readTransactionTarget } from "./readTransactionTarget.js";
import { refuse } from "./refuse.js";
import type { DecodedItem, EffectContext, Move, PaymentFields } from "./types.js";

export type DecodeTransactionItemParameters = {
  /** The item's data, as `classifyStepItem` checked it. */
  data: EvmTransactionRequest | EvmApprovalRequest;
  context: EffectContext;
};

const idPattern = /^0x[0-9a-fA-F]{64}$/;

/** Where a payment's parts are in each kind of transaction item. */
const nativeFields: PaymentFields = {
  payee: "data.to",
  currency: "data.data",
  amount: "data.value",
  binding: "data.data.id",
  depositor: "data.data.depositor",
};
const depositErc20Fields: PaymentFields = {
  ...nativeFields,
  currency: "data.data.token",
  amount: "data.data.amount",
};
const transferFields: PaymentFields = {
  payee: "data.data.to",
  currency: "data.to",
  amount: "data.data.amount",
  binding: "data.data",
  depositor: "data.from",
};

/**
 * Decodes an EVM transaction item of an order's quote into the money it moves, on the origin chain
 * and from the payer only:
 * - to the trusted depository: `depositNative`, `depositErc20` (either form) or, when the intent
 *   says `explicitDeposit: false`, a native transfer whose calldata is the 32-byte id;
 * - to the currency paid: `approve`, or `transfer` to the derived deposit address, or (with
 *   `explicitDeposit: false`) to the depository with the id appended;
 * - to the derived deposit address: a plain native transfer;
 * - anything else: refused, unless the caller accepted the item (then what it visibly sends).
 * Gas fields are not read: the executor never hands the quote's gas prices to the wallet.
 *
 * @param parameters - {@link DecodeTransactionItemParameters}
 * @returns The item's moves, or why it is refused. {@link DecodedItem}
 * @example
 * const decoded = decodeTransactionItem({ data: action.data, context })
 */
export function decodeTransactionItem({ data, context }: DecodeTransactionItemParameters): DecodedItem {
  const { origin, user } = context;
  const target = readTransactionTarget(data, context);
  if (!target.ok) return target;
  const { to, value, calldata } = target;
  if (to === origin.depository?.toLowerCase()) return decodeDepositoryCall(calldata, value, context);
  if (!context.native && to === context.currency) return decodeTokenCall(calldata, value, context);
  if (context.depositAddress !== undefined && to === context.depositAddress && calldata === "0x")
    return paid(
      {
        via: "depositAddress",
        payee: to,
        currency: zeroAddress,
        amount: value,
        binding: undefined,
        depositor: user,
        fields: nativeFields,
      },
      context,
      `transfer ${value} wei to the deposit address ${to}`,
    );
  if (context.accepted) return acceptedItem(origin.id, to, value);
  return refuse(
    "data.to",
    "undecoded-item",
    "the depository, the currency paid or the derived deposit address",
    `${calldata.slice(0, 10)} on ${data.to}`,
  );
}

/** A call to the trusted depository. */
function decodeDepositoryCall(calldata: Hex, value: bigint, context: EffectContext): DecodedItem {
  const depository = context.origin.depository?.toLowerCase() as string;
  if (idPattern.test(calldata) && value > 0n) {
    if (context.intent.explicitDeposit !== false)
      return refuse(
        "data.data",
        "direct-deposit-not-asked",
        "depositNative (explicitDeposit is not false)",
        calldata,
      );
    return paid(
      {
        via: "directNative",
        payee: depository,
        currency: zeroAddress,
        amount: value,
        binding: calldata,
        depositor: context.user,
        fields: { ...nativeFields, binding: "data.data" },
      },
      context,
      `transfer ${value} wei to the depository, id ${calldata}`,
    );
  }
  const call = decodeCall(calldata);
  if (call === undefined || call.trailing !== undefined)
    return refuse("data.data", "undecoded-item", "depositNative or depositErc20", calldata.slice(0, 10));
  return depositMoves(call, value, depository, context);
}

/** `depositNative` or `depositErc20` on the depository. */
function depositMoves(
  call: DecodedCall,
  value: bigint,
  depository: string,
  context: EffectContext,
): DecodedItem {
  if (call.functionName === "depositNative") {
    const [depositor, id] = call.args as [string, Hex];
    return paid(
      {
        via: "depositNative",
        payee: depository,
        currency: zeroAddress,
        amount: value,
        binding: id,
        depositor,
        fields: nativeFields,
      },
      context,
      `depositNative ${value} wei to the depository, id ${id.toLowerCase()}`,
    );
  }
  if (call.functionName !== "depositErc20")
    return refuse("data.data", "undecoded-item", "depositNative or depositErc20", call.functionName);
  if (value !== 0n) return refuse("data.value", "unexpected-value", "0", value.toString());
  const whole = call.args.length === 3;
  const [depositor, token] = call.args as [string, string];
  const amount = whole ? undefined : (call.args[2] as bigint);
  const id = call.args[whole ? 2 : 3] as Hex;
  return paid(
    {
      via: "depositErc20",
      payee: depository,
      currency: token,
      amount,
      binding: id,
      depositor,
      drawsOn: depository,
      fields: depositErc20Fields,
    },
    context,
    `depositErc20 ${amount ?? "the whole allowance"} of ${token.toLowerCase()} to the depository, id ${id.toLowerCase()}`,
  );
}

/** A call to the currency paid: an approval or a transfer. */
function decodeTokenCall(calldata: Hex, value: bigint, context: EffectContext): DecodedItem {
  const { origin, currency } = context;
  if (calldata === "0x")
    return value === 0n
      ? { ok: true, moves: [], summary: `a call without data to ${currency} (moves nothing)` }
      : refuse("data.value", "unexpected-value", "0", value.toString());
  const call = decodeCall(calldata);
  if (call === undefined)
    return refuse("data.data", "undecoded-item", "approve or transfer", calldata.slice(0, 10));
  if (value !== 0n) return refuse("data.value", "unexpected-value", "0", value.toString());
  if (call.functionName === "approve" && call.trailing === undefined) {
    const [spender, amount] = call.args as [string, bigint];
    const move: Move = {
      type: "approve",
      chainId: origin.id,
      currency,
      spender: spender.toLowerCase(),
      amount,
    };
    return {
      ok: true,
      moves: [move],
      summary: `approve ${amount} of ${currency} to ${spender.toLowerCase()}`,
    };
  }
  if (call.functionName !== "transfer")
    return refuse("data.data", "undecoded-item", "approve or transfer", call.functionName);
  const [payee, amount] = call.args as [string, bigint];
  const to = payee.toLowerCase();
  if (to === context.depositAddress && call.trailing === undefined)
    return paid(
      {
        via: "depositAddress",
        payee: to,
        currency,
        amount,
        binding: undefined,
        depositor: context.user,
        fields: transferFields,
      },
      context,
      `transfer ${amount} of ${currency} to the deposit address ${to}`,
    );
  if (to === origin.depository?.toLowerCase() && call.trailing !== undefined) {
    if (context.intent.explicitDeposit !== false)
      return refuse(
        "data.data",
        "direct-deposit-not-asked",
        "depositErc20 (explicitDeposit is not false)",
        "transfer",
      );
    return paid(
      {
        via: "directErc20",
        payee: to,
        currency,
        amount,
        binding: call.trailing,
        depositor: context.user,
        fields: { ...transferFields, binding: "data.data" },
      },
      context,
      `transfer ${amount} of ${currency} to the depository, id ${call.trailing}`,
    );
  }
  return refuse("data.data.to", "payee-not-trusted", "the depository or the derived deposit address", payee);
}

/** One payment move on the origin chain. */
function paid(
  move: Omit<Extract<Move, { type: "pay" }>, "type" | "chainId">,
  context: EffectContext,
  summary: string,
): DecodedItem {
  return {
    ok: true,
    moves: [
      {
        ...move,
        type: "pay",
        chainId: context.origin.id,
        payee: move.payee.toLowerCase(),
        currency: move.currency.toLowerCase(),
        binding: move.binding?.toLowerCase(),
        depositor: move.depositor?.toLowerCase(),
      },
    ],
    summary,
  };
}
