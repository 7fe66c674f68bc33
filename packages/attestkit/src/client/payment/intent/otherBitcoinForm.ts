import type { IntentContext } from "./intentContext.js";

/**
 * With `legacyBitcoinEncoding: "unprefixed"`, the text of a Bitcoin address the order gives at
 * `path` when it is another address form than `wanted`, whose bytes the order signs alike; else
 * undefined (not Bitcoin, another encoding, no text, or the same address).
 *
 * Unprefixed, a legacy address is `version || hash160`: P2PKH `1...` (`00 || hash`) is the bytes of
 * the witness-v0 program `bc1q<hash>` (P2WPKH), and P2SH `3...` (`05 || hash`) the bytes of the
 * witness-v5 program `bc1z<hash>` (unspendable rules today: anyone can spend it). The signed bytes
 * cannot tell the two apart, so the order's own text (the address the service says is paid) is the
 * only thing left to compare: when it is the other form, the order names another address than the
 * caller's, whatever the bytes. `ff-prefixed` (`ff || version || hash160`) has no such collision.
 *
 * @param context - {@link IntentContext}; its `orderData` is the order as the quote gives it.
 * @param path - The field's path in `orderData` (`orderData.output.payments[0].recipient`).
 * @param slug - The chain the field is on (its slug).
 * @param wanted - The caller's address the bytes matched.
 * @returns The order's text when it is another form, else undefined.
 * @example
 * const other = otherBitcoinForm(context, `${payment.path}.recipient`, order.outputChainId, recipient)
 */
export function otherBitcoinForm(
  context: IntentContext,
  path: string,
  slug: string,
  wanted: string,
): string | undefined {
  if (context.legacyBitcoinEncoding !== "unprefixed") return undefined;
  if (context.root.bySlug.get(slug)?.vmType !== "bitcoin-vm") return undefined;
  const text = readPath(context.orderData, path);
  if (typeof text !== "string") return undefined;
  // bech32 text is lowercase (the encoder refuses any other), base58 is case-sensitive.
  const normal = (value: string) => (value.startsWith("bc1") ? value.toLowerCase() : value);
  return normal(text) === normal(wanted) ? undefined : text;
}

/** The value at a path like `orderData.inputs[0].refunds[1].recipient` below `orderData`. */
function readPath(orderData: unknown, path: string): unknown {
  const keys = path
    .replace(/^orderData\.?/, "")
    .split(/\.|\[(\d+)\]/)
    .filter((key) => key !== undefined && key !== "");
  let value: unknown = orderData;
  for (const key of keys) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
