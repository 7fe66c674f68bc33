import type { stepSchema } from "attestkit/schemas";
import { type Address, formatUnits, type Hex } from "viem";
import type * as z from "zod";
import type { DevnetCurrency } from "./devnetCurrencies.js";

/** The EIP-3009 `ReceiveWithAuthorization` a permit step asks the user to sign (uint256 as decimal strings). */
export type PermitAuthorization = {
  chainId: number;
  token: Address;
  /** The token's EIP-712 name (`name()`). */
  tokenName: string;
  from: Address;
  /** The payee: the devnet solver, the only one who may submit a `receiveWithAuthorization`. */
  to: Address;
  value: bigint;
  validAfter: bigint;
  /** Unix seconds: the authorization is refused from this second on (`permitExpiry`). */
  validBefore: bigint;
  /** The order id: one authorization per order, never replayable. */
  nonce: Hex;
};

/** The EIP-712 types of `ReceiveWithAuthorization` (EIP-3009). */
const receiveWithAuthorizationTypes = {
  ReceiveWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

/**
 * The EIP-712 typed data of an authorization: the token's domain (its name, version "1", the
 * chain id, the token) and the `ReceiveWithAuthorization` message.
 *
 * @param authorization - {@link PermitAuthorization}
 * @returns The typed data, as viem's `signTypedData` and `recoverTypedDataAddress` take it.
 * @example
 * await recoverTypedDataAddress({ ...permitTypedData(authorization), signature })
 */
export function permitTypedData(authorization: PermitAuthorization) {
  const { chainId, token, tokenName, from, to, value, validAfter, validBefore, nonce } = authorization;
  return {
    domain: { name: tokenName, version: "1", chainId, verifyingContract: token },
    types: receiveWithAuthorizationTypes,
    primaryType: "ReceiveWithAuthorization" as const,
    message: { from, to, value, validAfter, validBefore, nonce },
  };
}

export type BuildPermitStepParameters = {
  requestId: Hex;
  authorization: PermitAuthorization;
  currency: DevnetCurrency;
};

/**
 * Builds the quote's one step for `usePermit` on a token origin, as the live service's: a
 * `signature` step whose item asks for an EIP-712 signature of the EIP-3009 authorization and names
 * where to post it (`POST /execute/permits?signature=` with `{kind: "eip3009", requestId, api}`);
 * the devnet then submits the authorization and deposits the tokens for the user. Typed against the
 * step schema.
 *
 * @param parameters - {@link BuildPermitStepParameters}
 * @returns The step.
 * @example
 * const steps = [buildPermitStep({ requestId, authorization, currency })]
 */
export function buildPermitStep({ requestId, authorization, currency }: BuildPermitStepParameters) {
  const { domain, types, primaryType, message } = permitTypedData(authorization);
  return {
    id: "authorize",
    action: "Sign authorization",
    description: `Authorize the transfer of ${formatUnits(authorization.value, currency.decimals)} ${currency.symbol}`,
    kind: "signature",
    requestId,
    depositAddress: "",
    items: [
      {
        status: "incomplete",
        data: {
          sign: {
            signatureKind: "eip712",
            domain,
            types: {
              ReceiveWithAuthorization: types.ReceiveWithAuthorization.map((field) => ({ ...field })),
            },
            primaryType,
            value: {
              ...message,
              value: message.value.toString(),
              validAfter: message.validAfter.toString(),
              validBefore: message.validBefore.toString(),
            },
          },
          post: {
            endpoint: "/execute/permits",
            method: "POST",
            body: { kind: "eip3009", requestId, api: "bridge" },
          },
        },
        check: { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" },
      },
    ],
  } satisfies z.input<typeof stepSchema>;
}
