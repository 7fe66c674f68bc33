import type { SignatureData } from "../../../schemas/index.js";
import { refuse } from "./refuse.js";
import type { DecodedItem, EffectContext } from "./types.js";

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
const standard = "address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce";
/** EIP-712's domain fields and their types. */
const domainFields: Readonly<Record<string, string>> = {
  name: "string",
  version: "string",
  chainId: "uint256",
  verifyingContract: "address",
  salt: "bytes32",
};

/**
 * Decodes a signature item into the money it authorizes. A signature can move money as surely as
 * a transaction, so only one kind is read: an EIP-3009 authorization (`ReceiveWithAuthorization`
 * or `TransferWithAuthorization`, exactly the standard's types, no other type but the domain's) of
 * a token on the origin chain, from the payer, still valid: a payment of `value` to `to`, bound by
 * its `nonce`. Whether the payee, currency, amount and nonce are the order's is checked with every
 * other payment. Any other signature is refused unless the caller accepted it (it then moves
 * nothing the guard can see).
 *
 * @param parameters - {@link DecodeSignatureItemParameters}
 * @returns The item's moves, or why it is refused. {@link DecodedItem}
 * @example
 * const decoded = decodeSignatureItem({ data: action.data, context })
 */
export function decodeSignatureItem({ data, context }: DecodeSignatureItemParameters): DecodedItem {
  const { sign } = data;
  if (sign.signatureKind !== "eip712" || !authorizationTypes.has(sign.primaryType)) {
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
  const shape = (sign.types[sign.primaryType] ?? []).map((field) => `${field.type} ${field.name}`).join(",");
  if (
    shape !== standard ||
    Object.keys(sign.types).some((name) => name !== sign.primaryType && name !== "EIP712Domain")
  )
    return refuse(`data.sign.types.${sign.primaryType}`, "nonstandard-types", standard, shape);
  // An explicit domain type must be EIP-712's own fields and commit to the chain and the token, or the
  // checks below bind nothing (and the wallet could not sign it).
  const domainType = (sign.types as Record<string, { name: string; type: string }[] | undefined>)
    .EIP712Domain;
  const shapeOf = (fields: { name: string; type: string }[]) =>
    fields.map((field) => `${field.type} ${field.name}`).join(",");
  if (
    domainType !== undefined &&
    (!domainType.every((field) => domainFields[field.name] === field.type) ||
      !["chainId", "verifyingContract"].every((name) => domainType.some((field) => field.name === name)))
  )
    return refuse(
      "data.sign.types.EIP712Domain",
      "nonstandard-types",
      "EIP-712 domain fields with chainId and verifyingContract",
      shapeOf(domainType),
    );
  const domain = sign.domain as Record<string, unknown>;
  const message = sign.value as Record<string, unknown>;
  if (text(domain.chainId) !== String(context.origin.id))
    return refuse("data.sign.domain.chainId", "wrong-chain", String(context.origin.id), text(domain.chainId));
  if (lower(message.from) !== context.user)
    return refuse("data.sign.value.from", "payer-mismatch", context.user, text(message.from));
  const value = integer(message.value);
  const validBefore = integer(message.validBefore);
  const validAfter = integer(message.validAfter);
  if (
    value === undefined ||
    validBefore === undefined ||
    validAfter === undefined ||
    !/^0x[0-9a-fA-F]{64}$/.test(text(message.nonce))
  )
    return refuse(
      "data.sign.value",
      "malformed-authorization",
      "integers and a 32-byte nonce",
      JSON.stringify(message),
    );
  // Usable no longer than the order: past its fill deadline the payment could only be refunded.
  if (context.orderDeadline !== undefined && validBefore > BigInt(context.orderDeadline) + 60n)
    return refuse(
      "data.sign.value.validBefore",
      "authorization-outlives-order",
      `at most ${context.orderDeadline + 60}`,
      validBefore.toString(),
    );
  if (validBefore <= BigInt(context.nowSeconds))
    return refuse(
      "data.sign.value.validBefore",
      "authorization-expired",
      `after ${context.nowSeconds}`,
      validBefore.toString(),
    );
  const token = lower(domain.verifyingContract);
  return {
    ok: true,
    moves: [
      {
        type: "pay",
        via: "authorization",
        chainId: context.origin.id,
        payee: lower(message.to),
        currency: token,
        amount: value,
        binding: lower(message.nonce),
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
    summary: `${sign.primaryType} of ${value} ${token} to ${lower(message.to)}, nonce ${lower(message.nonce)}`,
  };
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" || typeof value === "bigint"
    ? String(value)
    : "";
}

function lower(value: unknown): string {
  return text(value).toLowerCase();
}

/** A decimal or 0x integer, undefined for anything else. */
function integer(value: unknown): bigint | undefined {
  if (typeof value === "bigint") return value >= 0n ? value : undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value);
  return undefined;
}
