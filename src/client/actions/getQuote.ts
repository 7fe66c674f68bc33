import type { InvalidRequestError } from "../../schemas/errors.js";
import type { QuoteRequest, QuoteResponse } from "../../schemas/index.js";
import { parseResponse, validateRequest } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors.js";

export type GetQuoteParameters = QuoteRequest & {
  /**
   * Who pays, when `user` is a contract that pays on the payer's behalf (an
   * `AttestedDepositReceiver`: the quote's `user` must be the receiver). Not sent to the service:
   * `refundTo` defaults to it, so that a refund reaches the payer rather than the receiver (the
   * service refunds to `refundTo`, else the recipient, else `user`). An explicit `refundTo` wins.
   */
  payer?: string | undefined;
};
export type GetQuoteReturnType = QuoteResponse;
export type GetQuoteErrorType = ClientErrorType | InvalidRequestError;

/**
 * Asks for an executable quote (`POST /quote/v2`). The body is checked against every rule of the
 * interface (patterns, enums, cross-field and route rules) before anything is sent; the client's
 * `referrer` fills in a missing one, and `payer` a missing `refundTo`.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - The intent. {@link GetQuoteParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns Steps to execute, fees and details. {@link GetQuoteReturnType}
 * @example
 * const quote = await getQuote(client, {
 *   user, originChainId: 1, destinationChainId: 8453, originCurrency: zeroAddress,
 *   destinationCurrency: zeroAddress, amount: "1000000000000000", tradeType: "EXACT_INPUT",
 * })
 */
export async function getQuote(
  client: BaseClient,
  parameters: GetQuoteParameters,
  options: RequestOptions = {},
): Promise<GetQuoteReturnType> {
  const { payer, ...fields } = parameters;
  const request: QuoteRequest = { ...fields };
  if (client.referrer !== undefined && request.referrer === undefined) request.referrer = client.referrer;
  if (payer !== undefined && request.refundTo === undefined) request.refundTo = payer;
  validateRequest({ endpoint: "quote", body: request });
  const body = await client.request({ ...options, method: "POST", path: "/quote/v2", body: request });
  return parseResponse({ endpoint: "quote", body }) as GetQuoteReturnType;
}
