import type { SignatureData } from "../../../schemas/index.js";
import { refuse } from "./refuse.js";
import type { DecodedItem, EffectContext } from "./types.js";

export type UndecodedSignatureParameters = {
  /** The item's `sign`: an EIP-191 message, or EIP-712 data of another type than an EIP-3009 authorization. */
  sign: SignatureData["sign"];
  context: EffectContext;
};

/**
 * The verdict on a signature the guard does not decode: anything but an EIP-3009 authorization.
 * A signature can move money as surely as a transaction, so it is refused (`undecoded-signature`,
 * naming its `primaryType`, or its `signatureKind` when it is not EIP-712) unless the caller accepted
 * the item; accepted, it moves nothing the guard can see (no value, no payee).
 *
 * @param parameters - {@link UndecodedSignatureParameters}
 * @returns One `accepted` move on the origin chain, or the refusal. {@link DecodedItem}
 * @example
 * undecodedSignature({ sign: { signatureKind: "eip191", message: "0x..." }, context }).ok // false unless accepted
 */
export function undecodedSignature({ sign, context }: UndecodedSignatureParameters): DecodedItem {
  if (context.accepted)
    return {
      ok: true,
      moves: [{ type: "accepted", chainId: context.origin.id, to: "", value: 0n }],
      summary: "accepted without decoding",
    };
  return refuse(
    sign.signatureKind === "eip712" ? "data.sign.primaryType" : "data.sign.signatureKind",
    "undecoded-signature",
    "an EIP-3009 authorization of the currency paid",
    sign.signatureKind === "eip712" ? sign.primaryType : sign.signatureKind,
  );
}
