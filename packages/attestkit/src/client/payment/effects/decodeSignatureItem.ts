import type { SignatureData } from "../../../schemas/index.js";
import { checkAuthorizationTypes } from "./checkAuthorizationTypes.js";
import { readAuthorization } from "./readAuthorization.js";
import type { DecodedItem, EffectContext } from "./types.js";
import { undecodedSignature } from "./undecodedSignature.js";

export type DecodeSignatureItemParameters = {
  /** The item's `sign` and `post`, as the schemas checked them. */
  data: SignatureData;
  context: EffectContext;
};

/** The EIP-3009 authorizations a permit step may ask for, with their fields in type order. */
const authorizationTypes: ReadonlySet<string> = new Set([
  "ReceiveWithAuthorization",
  "TransferWithAuthorization",
]);

/**
 * Decodes a signature item into the money it authorizes. A signature can move money as surely as
 * a transaction, so only one kind is read: an EIP-3009 authorization (`ReceiveWithAuthorization`
 * or `TransferWithAuthorization`, exactly the standard's types, no other type but the domain's) of
 * a token on the origin chain, from the payer, still valid: a payment of `value` to `to`, bound by
 * its `nonce`. Whether the payee, currency, amount and nonce are the order's is checked with every
 * other payment. Any other signature is refused unless the caller accepted it (it then moves
 * nothing the guard can see).
 *
 * The steps, in order: `undecodedSignature` (not an authorization), `checkAuthorizationTypes` (its
 * types), `readAuthorization` (its domain and message); the first refusal is the verdict.
 *
 * @param parameters - {@link DecodeSignatureItemParameters}
 * @returns The item's moves, or why it is refused. {@link DecodedItem}
 * @example
 * const decoded = decodeSignatureItem({ data: action.data, context })
 */
export function decodeSignatureItem({ data, context }: DecodeSignatureItemParameters): DecodedItem {
  const { sign } = data;
  if (sign.signatureKind !== "eip712" || !authorizationTypes.has(sign.primaryType))
    return undecodedSignature({ sign, context });
  const nonstandard = checkAuthorizationTypes({ sign });
  if (nonstandard) return nonstandard;
  const read = readAuthorization({ sign, context });
  if (!read.ok) return read;
  const { payee, currency, amount, nonce } = read.authorization;
  return {
    ok: true,
    moves: [
      {
        type: "pay",
        via: "authorization",
        chainId: context.origin.id,
        payee,
        currency,
        amount,
        binding: nonce,
        depositor: context.user,
        fields: {
          payee: "data.sign.value.to",
          currency: "data.sign.domain.verifyingContract",
          amount: "data.sign.value.value",
          binding: "data.sign.value.nonce",
          depositor: "data.sign.value.from",
        },
      },
    ],
    summary: `${sign.primaryType} of ${amount} ${currency} to ${payee}, nonce ${nonce}`,
  };
}
