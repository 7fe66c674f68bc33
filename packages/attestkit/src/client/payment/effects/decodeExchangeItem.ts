import type { ExchangeTransferAction } from "../../../chains/exchange/validateExchangeTransfer.js";
import { refuse } from "./refuse.js";
import type { DecodedItem, EffectContext, Move } from "./types.js";

export type DecodeExchangeItemParameters = {
  /** The transfer, as `validateExchangeTransfer` checked its shape. */
  transfer: ExchangeTransferAction;
  context: EffectContext;
};

/** The transfer's parameters, as the interface names them. */
const knownParameters: ReadonlySet<string> = new Set([
  "toAccountIndex",
  "assetIndex",
  "fromRouteType",
  "toRouteType",
  "amount",
  "usdcFee",
  "memo",
]);

/** The route type of the USDC-perp asset when the trust root names none: 0, the perpetuals balance. */
const defaultRouteType = 0;

/**
 * Decodes an external-exchange transfer into the money it moves before it is submitted: `amount`
 * of `assetIndex` to `toAccountIndex`, from the payer's account, bound by its `memo` (checked with
 * every payment: the order id), debited and credited on the trust root's route type (both sides);
 * and `usdcFee`, a cost outside the order, at most the caller's `maxExchangeFee`.
 *
 * @param parameters - {@link DecodeExchangeItemParameters}
 * @returns The payment and the fee, or why the transfer is refused. {@link DecodedItem}
 * @example
 * const decoded = decodeExchangeItem({ transfer: action.transfer, context })
 */
export function decodeExchangeItem({ transfer, context }: DecodeExchangeItemParameters): DecodedItem {
  const { toAccountIndex, assetIndex, fromRouteType, toRouteType, amount, usdcFee, memo } =
    transfer.parameters;
  // What the submitter is handed is what was checked: a parameter the interface does not name is refused.
  const extra = Object.keys(transfer.parameters).find((key) => !knownParameters.has(key));
  if (extra !== undefined)
    return refuse(
      `data.action.parameters.${extra}`,
      "unknown-parameter",
      [...knownParameters].join(", "),
      extra,
    );
  const route = context.origin.exchangeRouteType ?? defaultRouteType;
  if (fromRouteType !== route)
    return refuse(
      "data.action.parameters.fromRouteType",
      "route-mismatch",
      String(route),
      String(fromRouteType),
    );
  if (toRouteType !== route)
    return refuse("data.action.parameters.toRouteType", "route-mismatch", String(route), String(toRouteType));
  const fee = BigInt(usdcFee);
  if (fee > context.limits.maxExchangeFee)
    return refuse(
      "data.action.parameters.usdcFee",
      "fee-above-limit",
      `at most ${context.limits.maxExchangeFee}`,
      fee.toString(),
    );
  const binding = `0x${memo.replace(/^0x/i, "").toLowerCase()}`;
  const moves: Move[] = [
    {
      type: "pay",
      via: "exchange",
      chainId: context.origin.id,
      payee: String(toAccountIndex),
      currency: String(assetIndex),
      amount: BigInt(amount),
      binding,
      depositor: context.user,
      fields: {
        payee: "data.action.parameters.toAccountIndex",
        currency: "data.action.parameters.assetIndex",
        amount: "data.action.parameters.amount",
        binding: "data.action.parameters.memo",
        depositor: "intent.user",
      },
    },
    { type: "fee", chainId: context.origin.id, kind: "exchange-fee", currency: "0", amount: fee },
  ];
  return {
    ok: true,
    moves,
    summary: `transfer ${amount} of asset ${assetIndex} to account ${toAccountIndex}, memo ${binding}, fee ${fee}`,
  };
}
