import type { SignatureData } from "../../../schemas/index.js";
import { checkAuthorizationTypes } from "./checkAuthorizationTypes.js";
import { readAuthorization } from "./readAuthorization.js";
import { refuse } from "./refuse.js";
import type { DecodedItem, EffectContext } from "./types.js";
import { undecodedSignature } from "./undecodedSignature.js";

export type DecodeSignatureItemParameters = {
  /** The item's `sign` and `post`, as the schemas checked them. */
  data: SignatureData;
  context: EffectContext;
};

/**
 * The EIP-3009 authorizations read: both share their fields, so both are decoded (and a
 * `TransferWithAuthorization` is then refused by name, not left undecoded for the caller to accept).
 */
const authorizationTypes: ReadonlySet<string> = new Set([
  "ReceiveWithAuthorization",
  "TransferWithAuthorization",
]);

/**
 * Decodes a signature item into the money it authorizes. A signature can move money as surely as
 * a transaction, so only one kind is paid with: an EIP-3009 `ReceiveWithAuthorization` (exactly the
 * standard's types, no other type but the domain's) of a token on the origin chain, from the payer,
 * still valid, asked for by the intent (`usePermit: true`): a payment of `value` to `to`, bound by its
 * `nonce`. Whether the payee (the trusted order solver: only it submits a `receiveWithAuthorization`),
 * currency, amount and nonce are the order's is checked with every other payment. Any other
 * signature is refused unless the caller accepted it (it then moves nothing the guard can see).
 *
 * A `TransferWithAuthorization` is refused (`front-runnable-authorization`), accepted or not: anyone
 * holding the signature may submit it (the signature is posted through the service), so the transfer
 * can land outside the service's flow, on the depository (which has no EIP-3009 entry: nothing is
 * credited to the order) or on the solver's account; EIP-3009 itself recommends
 * `receiveWithAuthorization` when the payee is a contract for this reason. The service's permit
 * steps (the devnet's `buildPermitStep`, as the live service's) ask for a `ReceiveWithAuthorization`
 * to the solver, and no fixture of the live service carries a `TransferWithAuthorization` step, so
 * no genuine route is refused. An authorization the intent did not ask for (no `usePermit: true`) is
 * refused too (`permit-not-asked`): the service would not quote one, so it was put there by someone
 * else.
 *
 * The steps, in order: `undecodedSignature` (not an authorization), `checkAuthorizationTypes` (its
 * types), `readAuthorization` (its domain and message), then its kind and the intent's `usePermit`;
 * the first refusal is the verdict.
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
  if (sign.primaryType !== "ReceiveWithAuthorization")
    return refuse(
      "data.sign.primaryType",
      "front-runnable-authorization",
      "ReceiveWithAuthorization (only its payee, the solver, can submit it)",
      sign.primaryType,
    );
  if (context.intent.usePermit !== true)
    return refuse(
      "data.sign.primaryType",
      "permit-not-asked",
      "no authorization (the intent does not ask for usePermit: true)",
      sign.primaryType,
    );
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
