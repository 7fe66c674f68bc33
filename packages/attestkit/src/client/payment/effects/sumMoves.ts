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
 * relies on an allowance the payer already gave (it needs a stated amount). An approval that sets an
 * allowance the quote already set to the same amount is refused: it moves nothing, and costs gas. What is left approved
 * and not drawn, every payment, every cost and every accepted item make the quote's money effect.
 *
 * @param moves - Every item's moves, in the order they run.
 * @returns The effect, the resolved moves and the ledger's failures. {@link SumMovesReturnType}
 * @example
 * const { effect } = sumMoves(moves)
 */
export function sumMoves(moves: readonly PlacedMove[]): SumMovesReturnType {
  const allowances: Allowances = new Map();
  const effect: PaymentEffect = { payments: [], allowances: [], fees: [], accepted: [] };
  const resolved: PlacedMove[] = [];
  const failures: PaymentCheck[] = [];
  for (const move of moves) {
    if (move.type === "approve") {
      const failure = approve(allowances, move);
      if (failure) failures.push(failure);
    } else if (move.type === "fee") {
      const { chainId, kind, currency, amount } = move;
      effect.fees.push({ chainId, kind, currency, amount });
    } else if (move.type === "accepted")
      effect.accepted.push({ item: move.item, chainId: move.chainId, to: move.to, value: move.value });
    else {
      const { amount, failure } = draw(allowances, move);
      if (failure) failures.push(failure);
      const { chainId, payee, currency, binding, depositor } = move;
      effect.payments.push({ chainId, payee, currency, amount: amount ?? 0n, binding, depositor });
      resolved.push({ ...move, amount });
      continue;
    }
    resolved.push(move);
  }
  effect.allowances = [...allowances.values()].filter((allowance) => allowance.amount > 0n);
  return { effect, moves: resolved, failures };
}

type Allowances = Map<string, { chainId: number; currency: string; spender: string; amount: bigint }>;

/** Sets an allowance; setting it to what it already is moves nothing and costs the payer gas. */
function approve(
  allowances: Allowances,
  move: Extract<PlacedMove, { type: "approve" }>,
): PaymentCheck | undefined {
  const { chainId, currency, spender, amount } = move;
  const key = `${chainId}:${currency}:${spender}`;
  const redundant = allowances.get(key)?.amount === amount;
  allowances.set(key, { chainId, currency, spender, amount });
  return redundant
    ? failureOf(
        move,
        "data.data.amount",
        "redundant-approval",
        "an approval that changes the allowance",
        `${amount} again`,
      )
    : undefined;
}

/** A payment's amount, drawn from the allowance it draws on when the quote set one. */
function draw(
  allowances: Allowances,
  move: Extract<PlacedMove, { type: "pay" }>,
): { amount: bigint | undefined; failure?: PaymentCheck } {
  const allowance =
    move.drawsOn === undefined
      ? undefined
      : allowances.get(`${move.chainId}:${move.currency}:${move.drawsOn}`);
  const amount = move.amount ?? allowance?.amount;
  if (amount === undefined)
    return {
      amount,
      failure: failureOf(
        move,
        move.fields.amount,
        "unknown-amount",
        "an approval of the amount earlier in the quote",
        "none",
      ),
    };
  if (allowance === undefined) return { amount };
  if (amount > allowance.amount)
    return {
      amount,
      failure: failureOf(
        move,
        move.fields.amount,
        "allowance-short",
        `at most ${allowance.amount} (approved)`,
        amount.toString(),
      ),
    };
  allowance.amount -= amount;
  return { amount };
}

function failureOf(
  move: PlacedMove,
  field: string,
  reason: string,
  expected: string,
  actual: string,
): PaymentCheck {
  return { name: "item", item: move.item, ok: false, field, reason, expected, actual };
}
