import * as z from "zod";
import { anyObject, knownString, numberish, optionalText, responseChainId } from "./primitives.js";

/** Request statuses: the interface's seven, `fallback`, and `delayed` from older data. */
export const requestStatuses = [
  "waiting",
  "depositing",
  "pending",
  "submitted",
  "success",
  "failure",
  "refund",
  "fallback",
  "delayed",
] as const;

/** A known request status. Parsed statuses are `RequestStatus | (string & {})`: unknown ones are kept. */
export type RequestStatus = (typeof requestStatuses)[number];

/**
 * Statuses after which a request never changes again. `failure` is not one of them: the live service
 * has moved requests `pending -> failure -> pending -> refund`, so a waiter only takes a `failure` as
 * final once it has stood for a grace period.
 */
export const finalStatuses = ["success", "refund", "fallback"] as const satisfies readonly RequestStatus[];

/** A status after which a request never changes again. */
export type FinalStatus = (typeof finalStatuses)[number];

/**
 * Statuses that mean the service holds a step item's deposit or signature: the item is done. The fill
 * is followed with the status endpoint; `success` counts too (same-chain requests can finish before
 * the first check).
 */
export const itemDoneStatuses = [
  "depositing",
  "pending",
  "submitted",
  "success",
] as const satisfies readonly RequestStatus[];

/** A status that completes a step item. */
export type ItemDoneStatus = (typeof itemDoneStatuses)[number];

/**
 * Tells whether a status is final ({@link finalStatuses}).
 *
 * @param status - A status as parsed (unknown statuses are not final).
 * @returns True for `success`, `refund` and `fallback`.
 * @example
 * isFinalStatus("refund") // true
 */
export function isFinalStatus(status: string): status is FinalStatus {
  return (finalStatuses as readonly string[]).includes(status);
}

/**
 * Tells whether a status is one of {@link requestStatuses} (a parsed status may be any string).
 *
 * @param status - A status as parsed.
 * @returns True for the seven statuses of the interface, `fallback` and `delayed`.
 * @example
 * isKnownStatus("exploded") // false
 */
export function isKnownStatus(status: string): status is RequestStatus {
  return (requestStatuses as readonly string[]).includes(status);
}

/**
 * Tells whether a status completes a step item ({@link itemDoneStatuses}).
 *
 * @param status - A status as parsed.
 * @returns True for `depositing`, `pending`, `submitted` and `success`.
 * @example
 * isItemDoneStatus("pending") // true
 */
export function isItemDoneStatus(status: string): status is ItemDoneStatus {
  return (itemDoneStatuses as readonly string[]).includes(status);
}

/** `depositAddress` of a status (webhook) payload. */
export const depositAddressSchema = z.looseObject({
  address: z.string(),
  depositAddressType: knownString(["open", "strict"]).nullish(),
  depositor: optionalText,
  depositTxHash: optionalText,
});

/**
 * The request status object: the status endpoint's answer and the `data` of a webhook. An unknown
 * status string is kept, not rejected.
 */
export const statusSchema = z.looseObject({
  status: knownString(requestStatuses),
  inTxHashes: z.array(z.string()).nullish(),
  txHashes: z.array(z.string()).nullish(),
  updatedAt: numberish.nullish(),
  originChainId: responseChainId.nullish(),
  destinationChainId: responseChainId.nullish(),
  depositAddress: depositAddressSchema.nullish(),
  requestId: optionalText,
  referrer: optionalText,
  details: anyObject.nullish(),
  failReason: optionalText,
  refundFailReason: optionalText,
});
