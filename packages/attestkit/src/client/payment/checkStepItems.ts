import { BaseError } from "../../errors/BaseError.js";
import type { Step } from "../../schemas/index.js";
import { classifyStepItem } from "../steps/classifyStepItem.js";
import { createAcceptance } from "./createAcceptance.js";
import { checkApprovalMove } from "./effects/checkApprovalMove.js";
import { checkPaymentMove } from "./effects/checkPaymentMove.js";
import { checkPaymentTotal } from "./effects/checkPaymentTotal.js";
import { decodeExchangeItem } from "./effects/decodeExchangeItem.js";
import { decodePsbtItem } from "./effects/decodePsbtItem.js";
import { decodeSelfExecutedItem } from "./effects/decodeSelfExecutedItem.js";
import { decodeSignatureItem } from "./effects/decodeSignatureItem.js";
import { decodeTransactionItem } from "./effects/decodeTransactionItem.js";
import { refuse } from "./effects/refuse.js";
import { sumMoves } from "./effects/sumMoves.js";
import type { DecodedItem, EffectContext, Move, PaymentEffect, PlacedMove } from "./effects/types.js";
import { itemDigest } from "./itemDigest.js";
import type { PaymentCheck, PaymentCheckMoney, PaymentItemRef, PaymentTerms } from "./types.js";

export type CheckStepItemsParameters = {
  steps: readonly Step[];
  terms: PaymentTerms;
  /** The index of `steps[0]` in the whole run (steps a post appends come after the quote's). */
  firstStepIndex?: number | undefined;
  /** True for the quote's own steps: only they can be accepted undecoded (`terms.acceptItems`). */
  own?: boolean | undefined;
};

export type CheckStepItemsReturnType = {
  /** One `item` check per item, then the `total` checks of everything paid so far. */
  checks: PaymentCheck[];
  /** These steps' moves (already summed with `terms.moves` in the checks). */
  moves: PlacedMove[];
  /** What the quote's items and these move together. */
  effect: PaymentEffect;
};

/**
 * Decodes every step item into the money it moves (transactions, approvals, signatures, PSBTs,
 * exchange transfers: `decode*Item`), each against the trust root and the signed order; runs all
 * moves, these and those of the quote's own items (`terms.moves`), in order over a ledger of
 * allowances (`sumMoves`); checks each payment against the one expected (`checkPaymentMove`), then
 * the sum (`checkPaymentTotal`): exactly one payment, approvals drawn, nothing else. Each approval
 * names a trusted spender for at most the amount (`checkApprovalMove`). Items marked `complete` are
 * left out, as the executor leaves them: the guard judges what will run. An acceptance covers what
 * the caller saw once (`createAcceptance`).
 *
 * @param parameters - {@link CheckStepItemsParameters}
 * @returns The checks, the moves and the effect. {@link CheckStepItemsReturnType}
 * @example
 * const { checks } = checkStepItems({ steps, terms, own: true })
 */
export function checkStepItems({
  steps,
  terms,
  firstStepIndex = 0,
  own = true,
}: CheckStepItemsParameters): CheckStepItemsReturnType {
  const checks: PaymentCheck[] = [];
  const moves: PlacedMove[] = [];
  const accepts = createAcceptance(own ? terms.acceptItems : []);
  let idle = 0;
  for (const [offset, step] of steps.entries())
    for (const [itemIndex, item] of step.items.entries()) {
      if (item.status === "complete") continue;
      const ref: PaymentItemRef = { stepId: step.id, stepIndex: firstStepIndex + offset, itemIndex };
      const accepted = accepts({ stepIndex: ref.stepIndex, stepId: step.id, itemIndex, data: item.data });
      const decoded = decodeItem(step, itemIndex, { ...terms.context, accepted }, terms.selfExecuted);
      if (!decoded.ok) {
        const { ok, ...failure } = decoded;
        const undecoded = failure.reason === "undecoded-item" || failure.reason === "undecoded-signature";
        const acceptAs = undecoded && own ? `${step.id}[${itemIndex}]@${itemDigest(item.data)}` : undefined;
        checks.push({ name: "item", item: ref, ok, ...failure, ...(acceptAs ? { acceptAs } : {}) });
        continue;
      }
      // An item that moves nothing is allowed once (an approval call without data); more only cost gas.
      if (decoded.moves.length === 0 && idle++ > 0) {
        checks.push({
          name: "item",
          item: ref,
          ok: false,
          field: "data",
          reason: "redundant-item",
          expected: "an item that moves money",
          actual: decoded.summary,
        });
        continue;
      }
      checks.push({
        name: "item",
        item: ref,
        ok: true,
        summary: decoded.summary,
        ...itemMoney(decoded.moves),
      });
      for (const move of decoded.moves) moves.push({ ...move, item: ref });
    }
  const summed = sumMoves([...terms.moves, ...moves]);
  checks.push(...summed.failures);
  const spenders = trustedSpenders(terms, summed.moves);
  for (const move of summed.moves) {
    const failure =
      move.type === "pay"
        ? checkPaymentMove(move, terms.expected)
        : move.type === "approve"
          ? checkApprovalMove({ move, expected: terms.expected, spenders })
          : undefined;
    if (failure !== undefined) replaceItemCheck(checks, move.item, failure);
  }
  if (checks.every((check) => check.ok))
    checks.push(
      ...checkPaymentTotal({ effect: summed.effect, expected: terms.expected, native: terms.context.native }),
    );
  return { checks, moves, effect: summed.effect };
}

/** The spenders an approval may name: the depository, the trust root's, and what accepted items call. */
function trustedSpenders(terms: PaymentTerms, moves: readonly PlacedMove[]): ReadonlySet<string> {
  const { origin } = terms.context;
  return new Set([
    ...(origin.depository === undefined ? [] : [origin.depository.toLowerCase()]),
    ...(origin.spenders ?? []).map((spender) => spender.toLowerCase()),
    ...moves.flatMap((move) => (move.type === "accepted" && move.to !== "" ? [move.to] : [])),
  ]);
}

/** Decodes one item by its kind; an item of no known kind, or whose data its kind cannot run, is refused. */
function decodeItem(
  step: Step,
  itemIndex: number,
  context: EffectContext,
  selfExecuted: boolean,
): DecodedItem {
  let action: ReturnType<typeof classifyStepItem>;
  try {
    action = classifyStepItem({ step, item: step.items[itemIndex] as Step["items"][number], itemIndex });
  } catch (error) {
    // Only attestkit's typed errors describe the item; anything else is a fault, not a verdict.
    if (!(error instanceof BaseError)) throw error;
    const field = (error as { field?: unknown }).field;
    return refuse(
      typeof field === "string" ? `data.${field}` : "data",
      "malformed-item",
      "an item of a known kind",
      error.shortMessage,
    );
  }
  switch (action.kind) {
    case "transaction":
    case "approval":
      return selfExecuted
        ? decodeSelfExecutedItem({ data: action.data, context })
        : decodeTransactionItem({ data: action.data, context });
    case "signature":
      return decodeSignatureItem({ data: action.data, context });
    case "psbt":
      return decodePsbtItem({ psbt: action.data.psbt, context });
    case "exchange":
      return decodeExchangeItem({ transfer: action.transfer, context });
  }
}

/** Turns an item's passed check into the failure of one of its payments. */
function replaceItemCheck(
  checks: PaymentCheck[],
  item: PaymentItemRef,
  failure: { field: string; reason: string; expected: string; actual: string },
): void {
  const index = checks.findIndex(
    (check) =>
      check.name === "item" &&
      check.item?.stepIndex === item.stepIndex &&
      check.item.itemIndex === item.itemIndex,
  );
  const check: PaymentCheck = { name: "item", item, ok: false, ...failure };
  if (index === -1) checks.push(check);
  else checks[index] = check;
}

/**
 * The money an item's summary names: its one payment or approval with a known amount (an item that
 * moves several, or none with an amount, names none).
 */
function itemMoney(moves: readonly Move[]): { money?: PaymentCheckMoney } {
  const priced = moves.filter(
    (move): move is Extract<Move, { type: "pay" | "approve" }> =>
      (move.type === "pay" || move.type === "approve") && move.amount !== undefined,
  );
  const [only] = priced;
  if (priced.length !== 1 || only === undefined) return {};
  return { money: { chainId: only.chainId, currency: only.currency, amount: `${only.amount}` } };
}
