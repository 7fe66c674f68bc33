import * as z from "zod";
import { showValue } from "../errors/showValue.js";
import { anyObject, knownString, numberish, optionalText, patterns, responseChainId } from "./primitives.js";

/** Kinds of quote steps. */
export const stepKinds = ["transaction", "signature"] as const;

/** Item data of an EVM transaction step: send it with the wallet on `chainId`. */
export const evmTransactionDataSchema = z.looseObject({
  from: optionalText,
  to: z.string(),
  data: z.string(),
  value: numberish.nullish(),
  chainId: responseChainId,
  gas: numberish.nullish(),
  maxFeePerGas: numberish.nullish(),
  maxPriorityFeePerGas: numberish.nullish(),
});

/** Item data of an EVM approval as the interface shows it (no calldata). */
export const evmApprovalDataSchema = z.looseObject({
  from: optionalText,
  to: z.string(),
  chainId: responseChainId,
});

/** Item data of a Bitcoin-origin step: a hex-encoded PSBT to sign. */
export const psbtDataSchema = z.looseObject({ psbt: z.string() });

/**
 * Item data of an external-exchange withdrawal: the transfer to submit to the exchange. Kept lenient
 * here; `validateExchangeTransfer` checks it before anything is submitted.
 */
export const exchangeActionDataSchema = z.looseObject({
  action: z.looseObject({
    type: z.string(),
    parameters: z.looseObject({
      toAccountIndex: numberish.nullish(),
      assetIndex: numberish.nullish(),
      fromRouteType: numberish.nullish(),
      toRouteType: numberish.nullish(),
      amount: numberish.nullish(),
      usdcFee: numberish.nullish(),
      memo: optionalText,
    }),
  }),
});

/** `sign` of a signature step: EIP-191 (a 0x + 64-hex message is signed as raw bytes) or EIP-712. */
export const signSchema = z.discriminatedUnion("signatureKind", [
  z.looseObject({ signatureKind: z.literal("eip191"), message: z.string() }),
  z.looseObject({
    signatureKind: z.literal("eip712"),
    domain: anyObject,
    types: z.record(z.string(), z.array(z.looseObject({ name: z.string(), type: z.string() }))),
    primaryType: z.string(),
    value: anyObject,
  }),
]);

/** Item data of a signature step: what to sign and where to post the signature (`?signature=`). */
export const signatureDataSchema = z.looseObject({
  sign: signSchema,
  post: z.looseObject({ endpoint: z.string(), method: z.string(), body: z.unknown().optional() }),
});

/** Item `data`: the first variant that fits (signature, PSBT, exchange action, transaction, approval). */
export const stepItemDataSchema = z.union([
  signatureDataSchema,
  psbtDataSchema,
  exchangeActionDataSchema,
  evmTransactionDataSchema,
  evmApprovalDataSchema,
]);

/** One item of a step. */
export const stepItemSchema = z.looseObject({
  status: optionalText,
  data: stepItemDataSchema,
  check: z.looseObject({ endpoint: z.string(), method: optionalText }).nullish(),
});

/** One step of a quote. `kind` other than `transaction`/`signature` is kept as a string. */
export const stepSchema = z.looseObject({
  id: z.string(),
  action: optionalText,
  description: optionalText,
  kind: knownString(stepKinds),
  requestId: optionalText,
  depositAddress: optionalText,
  items: z.array(stepItemSchema),
});

/**
 * Kinds of step items, by what the caller does with one: send an EVM `transaction` (with calldata) or
 * `approval` (the interface shows `from`, `to` and `chainId` only) with the wallet, sign a Bitcoin
 * `psbt`, submit an `exchange` transfer, or make a `signature` (EIP-191 or EIP-712) and post it.
 */
export const stepItemKinds = ["transaction", "approval", "psbt", "exchange", "signature"] as const;

/** A kind of step item. */
export type StepItemKind = (typeof stepItemKinds)[number];

export type StepItemKindParameters = {
  /** `kind` of the step the item belongs to. */
  stepKind: string;
  /** `data` of the item, as parsed by {@link stepItemSchema}. */
  data: unknown;
};

/**
 * Tells what a step item asks for. The service tags items with no kind, so it is read from the shape
 * of `data`, in this order: a `psbt` string, an exchange `action`, a `sign` request, and on a
 * `transaction` step a `to` address: with calldata (`data`) a transaction, without it an approval.
 *
 * @param parameters - {@link StepItemKindParameters}
 * @returns The kind, or undefined for a shape no kind has.
 * @example
 * stepItemKind({ stepKind: "transaction", data: { to, data: "0x", chainId: 1 } }) // "transaction"
 */
export function stepItemKind({ stepKind, data }: StepItemKindParameters): StepItemKind | undefined {
  if (!data || typeof data !== "object") return undefined;
  const fields = data as Record<string, unknown>;
  if (typeof fields.psbt === "string") return "psbt";
  if (fields.action && typeof fields.action === "object") return "exchange";
  if (fields.sign && typeof fields.sign === "object") return "signature";
  if (stepKind === "transaction" && typeof fields.to === "string")
    return fields.data === undefined || fields.data === null ? "approval" : "transaction";
  return undefined;
}

/** A non-negative integer quantity (wei, gas) as a bigint: from a bigint, a safe integer, or a decimal or 0x string. */
const quantity = z
  .union([z.bigint(), z.number(), z.string()])
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return undefined;
    if (
      (typeof value === "bigint" && value >= 0n) ||
      (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) ||
      (typeof value === "string" && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value))
    )
      return BigInt(value);
    ctx.addIssue({ code: "custom", message: `${showValue(value)} is not an integer`, input: value });
    return z.NEVER;
  });

// The rules of viem's isAddress(value, { strict: false }) (patterns.evmAddress) and
// isHex(value, { strict: true }), written out: importing them from viem's index would load its
// 300-odd modules into every command-line run that reports an error.
const hexPattern = /^0x[0-9a-fA-F]*$/;
const address = z.string().refine((value) => patterns.evmAddress.test(value), "is not an address");

const sendableTransaction = {
  chainId: responseChainId.pipe(
    z.number().refine((chainId) => Number.isSafeInteger(chainId) && chainId > 0, {
      error: (issue) => `${String(issue.input)} is not a chain id`,
    }),
  ),
  to: address.transform((value) => value as `0x${string}`),
  data: z
    .string()
    .refine((value) => hexPattern.test(value) && value.length % 2 === 0, "is not hex")
    .transform((value) => value as `0x${string}`),
  from: address.transform((value) => value as `0x${string}`).nullish(),
  gas: quantity,
  value: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
};

/**
 * An EVM transaction item as the wallet sends it: a positive chain id, addresses and hex checked,
 * quantities as bigints. Unknown fields are kept.
 */
export const evmTransactionRequestSchema = z.looseObject(sendableTransaction);

/** An EVM approval item as the wallet sends it: {@link evmTransactionRequestSchema} without calldata. */
export const evmApprovalRequestSchema = z.looseObject({
  ...sendableTransaction,
  data: z.undefined().nullish(),
});

/**
 * A step item with its kind (see {@link stepItemKind}): the discriminated union of what an item asks
 * for, each variant's `data` checked for what its kind does with it. The executor and the devnet
 * share it.
 */
export const stepItemActionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("transaction"), data: evmTransactionRequestSchema }),
  z.object({ kind: z.literal("approval"), data: evmApprovalRequestSchema }),
  z.object({ kind: z.literal("psbt"), data: psbtDataSchema }),
  z.object({ kind: z.literal("exchange"), data: exchangeActionDataSchema }),
  z.object({ kind: z.literal("signature"), data: signatureDataSchema }),
]);
