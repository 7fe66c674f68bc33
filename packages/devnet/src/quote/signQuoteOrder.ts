import { randomBytes } from "node:crypto";
import type { OrderChains } from "attestkit/orders";
import { hashOrderNoble } from "attestkit/orders/noble";
import { bytesToHex, type Hex, type PrivateKeyAccount } from "viem";
import { devnetLegacyBitcoinEncoding } from "../constants.js";
import { type BuildQuoteOrderReturnType, buildQuoteOrder } from "./buildQuoteOrder.js";
import type { PricedQuote } from "./priceQuote.js";

export type SignQuoteOrderParameters = {
  priced: PricedQuote;
  /** The origin chain's slug (`protocol.v2.chainId` in `GET /chains`). */
  originSlug: string;
  /** The destination chain's slug. */
  destinationSlug: string;
  /** The order's deadline, unix seconds. */
  deadline: number;
  /** The devnet solver: `orderData.solver`, whose key signs the order id. */
  solver: PrivateKeyAccount;
  /** The devnet's chains by slug (from its own `GET /chains`). */
  chains: OrderChains;
  /** Sign the order id (`includeProtocolData: true`); without it the quote carries no signature. */
  sign: boolean;
};

export type SignQuoteOrderReturnType = {
  orderData: BuildQuoteOrderReturnType;
  orderId: Hex;
  orderSignature: Hex | undefined;
};

/**
 * The order of a priced quote, on every route: built with a fresh salt (`buildQuoteOrder`), hashed
 * into its id with the devnet's slug map (the noble path, the faster of the two bit-exact hashers;
 * a legacy Bitcoin address, a P2SH user's, encoded as `devnetLegacyBitcoinEncoding` says),
 * and signed by the solver when the quote asked for it, as the live service does.
 *
 * @param parameters - {@link SignQuoteOrderParameters}
 * @returns The order, its id and the signature. {@link SignQuoteOrderReturnType}
 * @example
 * const { orderData, orderId, orderSignature } = await signQuoteOrder({ priced, originSlug,
 *   destinationSlug, deadline, solver: context.solver, chains, sign: body.includeProtocolData === true })
 */
export async function signQuoteOrder(
  parameters: SignQuoteOrderParameters,
): Promise<SignQuoteOrderReturnType> {
  const { priced, originSlug, destinationSlug, deadline, solver, chains } = parameters;
  const orderData = buildQuoteOrder({
    priced,
    originSlug,
    destinationSlug,
    solver: solver.address,
    salt: bytesToHex(randomBytes(32)),
    deadline,
  });
  // A P2SH Bitcoin user is a legacy (base58 `3…`) address in the order: encoded ff-prefixed.
  const { orderId } = hashOrderNoble({
    orderData,
    chains,
    legacyBitcoinEncoding: devnetLegacyBitcoinEncoding,
  });
  const orderSignature = parameters.sign
    ? await solver.signMessage({ message: { raw: orderId } })
    : undefined;
  return { orderData, orderId, orderSignature };
}
