import type { Hex } from "viem";
import { encodeOrderAddress } from "../../../orders/encodeOrderAddress.js";
import type { ResolvedTrustRoot } from "../../../orders/trustRoot/types.js";
import type { LegacyBitcoinEncoding, OrderVmType } from "../../../orders/types.js";
import type { PaymentCheck, PaymentCheckName, PaymentIntent } from "../types.js";
import type { OrderTerms } from "./readOrderTerms.js";

/** What each check of an order against the intent reads. */
export type IntentContext = {
  order: OrderTerms;
  intent: PaymentIntent;
  root: ResolvedTrustRoot;
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
  /** The order as the quote gives it (`protocol.v2.orderData`): its address texts, for `otherBitcoinForm`. */
  orderData?: unknown;
};

/** A passed check, with what it found for a reader (`money`, `deadline`) when there is such a thing. */
export function pass(
  name: PaymentCheckName,
  field?: string,
  summary?: string,
  found: Pick<PaymentCheck, "money" | "deadline"> = {},
): PaymentCheck {
  return { name, ok: true, ...(field ? { field } : {}), ...(summary ? { summary } : {}), ...found };
}

/**
 * The money a check of the intent's amount names: on the origin for an exact input, else on the
 * destination (the amount is then of the output), in the intent's currency there.
 */
export function intentMoney(intent: PaymentIntent, side: "origin" | "destination", amount: bigint) {
  return side === "origin"
    ? {
        chainId: Number(intent.originChainId),
        currency: intent.originCurrency.toLowerCase(),
        amount: `${amount}`,
      }
    : {
        chainId: Number(intent.destinationChainId),
        currency: intent.destinationCurrency.toLowerCase(),
        amount: `${amount}`,
      };
}

/** A failed check: the field of the order, why, and the two values. */
export function fail(
  name: PaymentCheckName,
  field: string,
  reason: string,
  expected: string,
  actual: string,
): PaymentCheck {
  return { name, ok: false, field, reason, expected, actual };
}

/**
 * An intent's address as the bytes of a VM (lowercase hex), or undefined when it is no address there.
 *
 * @example
 * encodeFor(context, intent.recipient, "ethereum-vm")
 */
export function encodeFor(
  context: IntentContext,
  value: string | undefined,
  vmType: OrderVmType | undefined,
): Hex | undefined {
  if (value === undefined || vmType === undefined) return undefined;
  try {
    return encodeOrderAddress({
      value,
      vmType,
      legacyBitcoinEncoding: context.legacyBitcoinEncoding,
    }).toLowerCase() as Hex;
  } catch {
    return undefined;
  }
}

/** The trust root's VM of a slug. */
export function vmOf(context: IntentContext, slug: string): OrderVmType | undefined {
  return context.root.bySlug.get(slug)?.vmType;
}

/** The trust root's slug of a numeric chain id, or a text that says it has none. */
export function slugOf(context: IntentContext, id: number): string {
  return context.root.byId.get(id)?.slug ?? `(chain ${id} is not in the trust root)`;
}
