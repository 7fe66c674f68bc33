import { toOrderChains } from "../../orders/toOrderChains.js";
import type { LegacyBitcoinEncoding, OrderChains, VerifyOrderResult } from "../../orders/types.js";
import type { VerifyOrderErrorType } from "../../orders/verifyOrder.js";
import { verifyQuote } from "../../orders/verifyQuote.js";
import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { QuoteRequest, QuoteResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { withQuoteIntent } from "../payment/quoteIntent.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";
import { getChains } from "./getChains.js";

/**
 * How to verify the quote's order: `true` trusts the live solver and reads the chains from
 * `GET /chains`; an object names the solvers, the chains (slug -> VM type and depository, see
 * `toOrderChains`) and, for orders with legacy Bitcoin addresses, their encoding.
 */
export type QuoteVerifyOptions =
  | true
  | {
      /** Solvers whose signature is accepted; the live solver when omitted. */
      solvers?: readonly string[] | undefined;
      /** The chains; fetched with `GET /chains` when omitted. */
      chains?: OrderChains | undefined;
      /** Needed only for orders that carry a legacy Bitcoin address. */
      legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
    };

export type GetQuoteParameters = QuoteRequest & {
  /**
   * Who pays, when `user` is a contract that pays on the payer's behalf (an
   * `AttestedDepositReceiver`: the quote's `user` must be the receiver). Not sent to the service:
   * `refundTo` defaults to it, so that a refund reaches the payer rather than the receiver (the
   * service refunds to `refundTo`, else the recipient, else `user`). An explicit `refundTo` wins.
   */
  payer?: string | undefined;
  /**
   * Also verify the order the quote carries (`protocol.v2`: order id, solver signature, payment
   * details, depository) in the same call. Not sent to the service.
   */
  verify?: QuoteVerifyOptions | false | undefined;
};
export type GetQuoteReturnType<verify = undefined> = verify extends true | object
  ? QuoteResponse & {
      /**
       * The verdict of `verifyQuote` over the returned order, or null when the quote carries no
       * `protocol.v2` order (routes not settled through the protocol): check it before relying on it.
       */
      verification: VerifyOrderResult | null;
    }
  : QuoteResponse;
export type GetQuoteErrorType = ClientErrorType | InvalidRequestErrorType | VerifyOrderErrorType;

/**
 * Asks for an executable quote (`POST /quote/v2`). The body is checked against every rule of the
 * interface (patterns, enums, cross-field and route rules) before anything is sent; the client's
 * `referrer` fills in a missing one, `payer` a missing `refundTo`, and `includeProtocolData`
 * defaults to true (the order's signature, which the payment guard checks). The quote returned
 * carries the request it answers, so that `executeSteps` can check the order against it. With `verify`, the order the
 * quote carries is verified before the quote is returned (see `verifyOrder`); a malformed order or
 * one without a signature throws, a well-formed one that fails a check comes back with
 * `verification.valid === false`.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - The intent. {@link GetQuoteParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns Steps to execute, fees and details, plus `verification` when asked. {@link GetQuoteReturnType}
 * @example
 * const quote = await getQuote(client, {
 *   user, originChainId: 1, destinationChainId: 8453, originCurrency: zeroAddress,
 *   destinationCurrency: zeroAddress, amount: "1000000000000000", tradeType: "EXACT_INPUT",
 *   verify: true,
 * })
 * if (!quote.verification?.valid) throw new Error("do not pay this quote")
 */
export async function getQuote<const parameters extends GetQuoteParameters>(
  client: BaseClient,
  parameters: parameters,
  options: RequestOptions = {},
): Promise<GetQuoteReturnType<parameters["verify"]>> {
  const { payer, verify, ...fields } = parameters;
  const request: QuoteRequest = { ...fields };
  if (client.referrer !== undefined && request.referrer === undefined) request.referrer = client.referrer;
  if (payer !== undefined && request.refundTo === undefined) request.refundTo = payer;
  // The solver's signature comes back only when asked for: the payment guard of `executeSteps`
  // needs it, so it is asked for unless the caller says otherwise.
  if (request.includeProtocolData === undefined) request.includeProtocolData = true;
  validateClientRequest(client, "quote", request);
  const body = await client.request({
    ...options,
    method: "POST",
    path: "/quote/v2",
    body: request,
    idempotent: isIdempotent("POST /quote/v2"),
  });
  // The quote carries the request it answers: `executeSteps` checks the order against it.
  const quote = withQuoteIntent(parseResponse({ endpoint: "quote", body }) as QuoteResponse, request);
  if (!verify) return quote as GetQuoteReturnType<parameters["verify"]>;
  if (quote.protocol?.v2 === undefined || quote.protocol.v2 === null)
    return { ...quote, verification: null } as GetQuoteReturnType<parameters["verify"]>;
  const settings = verify === true ? {} : verify;
  const chains = settings.chains ?? toOrderChains({ chains: await getChains(client, options) });
  const verification = await verifyQuote({
    quote: body,
    chains,
    solvers: settings.solvers ?? client.solvers,
    legacyBitcoinEncoding: settings.legacyBitcoinEncoding,
  });
  return { ...quote, verification } as GetQuoteReturnType<parameters["verify"]>;
}
