import type { SignatureData } from "../../../schemas/index.js";
import { refuse } from "./refuse.js";
import type { RefusedItem } from "./types.js";

/** EIP-712 data to sign: the `sign` of a signature item whose `signatureKind` is `eip712`. */
export type Eip712Sign = Extract<SignatureData["sign"], { signatureKind: "eip712" }>;

export type CheckAuthorizationTypesParameters = {
  /** EIP-712 data whose `primaryType` names an EIP-3009 authorization. */
  sign: Eip712Sign;
};

/** The fields of both EIP-3009 authorizations, in the standard's order, as `type name` pairs. */
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
 * Checks the types of an EIP-3009 authorization (`ReceiveWithAuthorization` or
 * `TransferWithAuthorization`, EIP-3009's own definitions): the primary type has exactly the
 * standard's fields in the standard's order, no type is declared but it and `EIP712Domain`, and an
 * explicit `EIP712Domain` holds only EIP-712's domain fields with their types and includes `chainId`
 * and `verifyingContract`. A domain that does not commit to the chain and the token binds nothing
 * the guard checks (and the wallet could not sign it).
 *
 * @param parameters - {@link CheckAuthorizationTypesParameters}
 * @returns The refusal (`nonstandard-types`, with the shape found), or undefined when the types are the standard's.
 * @example
 * const refused = checkAuthorizationTypes({ sign })
 * if (refused) return refused
 */
export function checkAuthorizationTypes({
  sign,
}: CheckAuthorizationTypesParameters): RefusedItem | undefined {
  const shape = typeShape(sign.types[sign.primaryType] ?? []);
  if (
    shape !== standard ||
    Object.keys(sign.types).some((name) => name !== sign.primaryType && name !== "EIP712Domain")
  )
    return refuse(`data.sign.types.${sign.primaryType}`, "nonstandard-types", standard, shape);
  // An explicit domain type must be EIP-712's own fields and commit to the chain and the token, or the
  // checks that follow bind nothing (and the wallet could not sign it).
  const domainType = sign.types.EIP712Domain;
  if (
    domainType !== undefined &&
    (!domainType.every((field) => domainFields[field.name] === field.type) ||
      !["chainId", "verifyingContract"].every((name) => domainType.some((field) => field.name === name)))
  )
    return refuse(
      "data.sign.types.EIP712Domain",
      "nonstandard-types",
      "EIP-712 domain fields with chainId and verifyingContract",
      typeShape(domainType),
    );
  return undefined;
}

/** A type's fields as `type name` pairs joined by commas: the form `standard` is written in. */
function typeShape(fields: readonly { name: string; type: string }[]): string {
  return fields.map((field) => `${field.type} ${field.name}`).join(",");
}
