import type { SignatureData } from "../../schemas/index.js";
import { type ItemVerdict, refuseItem } from "./itemVerdict.js";
import type { PaymentTerms } from "./types.js";

export type CheckSignatureItemParameters = {
  /** The item's `sign` and `post`, as the schemas checked them. */
  data: SignatureData;
  terms: PaymentTerms;
  /** True when the caller accepted this item undecoded. */
  accepted: boolean;
};

/** The EIP-3009 authorizations a permit step may ask for, with their fields in type order. */
const authorizationFields = ["from", "to", "value", "validAfter", "validBefore", "nonce"];
const authorizationTypes: ReadonlySet<string> = new Set([
  "ReceiveWithAuthorization",
  "TransferWithAuthorization",
]);
const fieldTypes: Record<string, string> = {
  from: "address",
  to: "address",
  value: "uint256",
  validAfter: "uint256",
  validBefore: "uint256",
  nonce: "bytes32",
};

/**
 * Checks that a signature item pays exactly the order: an EIP-3009 authorization
 * (`ReceiveWithAuthorization` or `TransferWithAuthorization`, with exactly the standard's types) of
 * the currency paid (the domain's `verifyingContract`, on the origin chain), from the user, to the
 * order's solver or a contract the chain lists, of exactly the order's amount, with the order id as
 * its nonce, still valid. Any other signature is refused unless accepted by name: a signature can
 * move money as surely as a transaction.
 *
 * @param parameters - {@link CheckSignatureItemParameters}
 * @returns The verdict. {@link ItemVerdict}
 * @example
 * const verdict = checkSignatureItem({ data: action.data, terms, accepted: false })
 */
export function checkSignatureItem({ data, terms, accepted }: CheckSignatureItemParameters): ItemVerdict {
  const { sign } = data;
  if (sign.signatureKind !== "eip712" || !authorizationTypes.has(sign.primaryType)) {
    if (accepted) return { ok: true, summary: "accepted without decoding" };
    return refuseItem(
      sign.signatureKind === "eip712" ? "data.sign.primaryType" : "data.sign.signatureKind",
      "undecoded-signature",
      "an EIP-3009 authorization of the currency paid",
      sign.signatureKind === "eip712" ? sign.primaryType : sign.signatureKind,
    );
  }
  const types = sign.types[sign.primaryType] ?? [];
  const shape = types.map((field) => `${field.type} ${field.name}`).join(",");
  const standard = authorizationFields.map((name) => `${fieldTypes[name]} ${name}`).join(",");
  if (
    shape !== standard ||
    Object.keys(sign.types).some((name) => name !== sign.primaryType && name !== "EIP712Domain")
  )
    return refuseItem(`data.sign.types.${sign.primaryType}`, "nonstandard-types", standard, shape);
  const domain = sign.domain as Record<string, unknown>;
  const message = sign.value as Record<string, unknown>;
  const text = (value: unknown) =>
    typeof value === "string" || typeof value === "number" || typeof value === "bigint" ? String(value) : "";
  const lower = (value: unknown) => text(value).toLowerCase();
  if (lower(domain.verifyingContract) !== terms.currency.toLowerCase() || terms.native)
    return refuseItem(
      "data.sign.domain.verifyingContract",
      "currency-mismatch",
      terms.currency,
      text(domain.verifyingContract),
    );
  if (text(domain.chainId) !== String(terms.origin.id))
    return refuseItem(
      "data.sign.domain.chainId",
      "wrong-chain",
      String(terms.origin.id),
      text(domain.chainId),
    );
  if (lower(message.from) !== terms.user.toLowerCase())
    return refuseItem("data.sign.value.from", "payer-mismatch", terms.user, text(message.from));
  const payees = new Set([terms.solver, terms.depository.toLowerCase(), ...terms.origin.spenders]);
  if (!payees.has(lower(message.to)))
    return refuseItem(
      "data.sign.value.to",
      "unknown-payee",
      `the order's solver ${terms.solver} or a listed contract`,
      text(message.to),
    );
  if (integer(message.value) !== terms.amount)
    return refuseItem(
      "data.sign.value.value",
      "amount-mismatch",
      terms.amount.toString(),
      text(message.value),
    );
  if (lower(message.nonce) !== terms.orderId)
    return refuseItem("data.sign.value.nonce", "order-id-mismatch", terms.orderId, text(message.nonce));
  const validBefore = integer(message.validBefore);
  if (validBefore === undefined || validBefore <= BigInt(terms.nowSeconds))
    return refuseItem(
      "data.sign.value.validBefore",
      "authorization-expired",
      `after ${terms.nowSeconds}`,
      text(message.validBefore),
    );
  return {
    ok: true,
    summary: `${sign.primaryType} of ${terms.amount} ${terms.currency} to ${text(message.to)}, nonce ${terms.orderId}`,
  };
}

/** A decimal or 0x integer, undefined for anything else. */
function integer(value: unknown): bigint | undefined {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === "string" && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value);
  return undefined;
}
