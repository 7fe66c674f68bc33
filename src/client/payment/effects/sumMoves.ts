import type { PaymentCheck } from "../types.js";
import type { PaymentEffect, PlacedMove } from "./types.js";

export type SumMovesReturnType = {
  /** What the items move together. */
  effect: PaymentEffect;
  /** The moves, each payment's amount resolved (a whole-allowance deposit draws what was approved). */
  moves: PlacedMove[];
  /** Deposits that draw more than the quote approved, or an unknown amount. */
  failures: PaymentCheck[];
};

/**
 * Runs the items' moves in order over a ledger of allowances, as the chain would: an `approve` sets
 * the allowance of its currency and spender; a deposit that draws on an allowance the quote set
 * takes its amount from it (a whole-allowance deposit takes all of it); one that draws on none
 * relies on an allowance the payer already gave (it needs a stated amount). What is left approved
 * and not drawn, every payment, every cost and every accepted item make the quote's money effect.
 *
 * @param moves - Every item's moves, in the order they run.
 * @returns The effect, the resolved moves and the ledger's failures. {@link SumMovesReturnType}
 * @example
 * const { effect } = sumMoves(moves)
 */
export function sumMoves(moves: readonly PlacedMove[]): SumMovesReturnType {
  const allowances = new Map<
    string,
    { chainId: number; currency: string; spender: string; amount: bigint }
  >();
  const effect: PaymentEffect = { payments: [], allowances: [], fees: [], accepted: [] };
  const resolved: PlacedMove[] = [];
  const failures: PaymentCheck[] = [];
  for (const move of moves) {
    if (move.type === "approve") {
      const { chainId, currency, spender, amount } = move;
      allowances.set(`${chainId}:${currency}:${spender}`, { chainId, currency, spender, amount });
    } else if (move.type === "fee")
      effect.fees.push({
        chainId: move.chainId,
        kind: move.kind,
        currency: move.currency,
        amount: move.amount,
      });
    else if (move.type === "accepted")
      effect.accepted.push({ item: move.item, chainId: move.chainId, to: move.to, value: move.value });
    else {
      const allowance =
        move.drawsOn === undefined
          ? undefined
          : allowances.get(`${move.chainId}:${move.currency}:${move.drawsOn}`);
      const amount = move.amount ?? allowance?.amount;
      if (amount === undefined)
        failures.push({
          name: "item",
          item: move.item,
          ok: false,
          field: move.fields.amount,
          reason: "unknown-amount",
          expected: "an approval of the amount earlier in the quote",
          actual: "none",
        });
      else if (allowance !== undefined && amount > allowance.amount)
        failures.push({
          name: "item",
          item: move.item,
          ok: false,
          field: move.fields.amount,
          reason: "allowance-short",
          expected: `at most ${allowance.amount} (approved)`,
          actual: amount.toString(),
        });
      else if (allowance !== undefined) allowance.amount -= amount;
      const paid = { ...move, amount };
      resolved.push(paid);
      effect.payments.push({
        chainId: move.chainId,
        payee: move.payee,
        currency: move.currency,
        amount: amount ?? 0n,
        binding: move.binding,
        depositor: move.depositor,
      });
      continue;
    }
    resolved.push(move);
  }
  effect.allowances = [...allowances.values()].filter((allowance) => allowance.amount > 0n);
  return { effect, moves: resolved, failures };
}
