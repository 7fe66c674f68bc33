import { vmTypeOfChain } from "attestkit/attestation";
import type { OrderDataV1 } from "attestkit/orders";
import { type Address, encodeAbiParameters, type Hex } from "viem";
import type { PricedQuote } from "./priceQuote.js";

export type BuildQuoteOrderParameters = {
  priced: PricedQuote;
  /** The origin chain's slug: the input's, the refund's and the fees' chain, and `solverChainId`. */
  originSlug: string;
  /** The destination chain's slug: the output's chain. */
  destinationSlug: string;
  /** The devnet solver: `orderData.solver`, whose key signs the order id. */
  solver: Address;
  /** 32 bytes, fresh for every quote: two quotes of the same terms get different order ids. */
  salt: Hex;
  /** The order's deadline, unix seconds: the output's and the refund's (the request's ttl). */
  deadline: number;
};

export type BuildQuoteOrderReturnType = ReturnType<typeof buildQuoteOrder>;

/**
 * Builds the `orderData` (v1) of a priced quote, as the live service writes it (integers as
 * decimal strings, the salt as hex, deadlines as numbers, EVM addresses lowercase):
 *
 * - `solverChainId` the origin's slug, `solver` the devnet solver, the given `salt`;
 * - one input: the payment (origin slug, input currency, the amount the user deposits, weight 1)
 *   and one refund, on the origin chain, to the request's refund address in the input currency,
 *   minimum 0 (a refund returns what was deposited, which may be less than quoted), by `deadline`.
 *   The devnet refunds only on the deposit's chain, so it lists no destination refund;
 * - the output: destination slug, one payment to the recipient of the output currency, whose
 *   expected amount is what the payout sends (the quoted output less the native value of the
 *   destination calls, which the calls carry) and whose minimum is that less the slippage
 *   tolerance; the `txs` calls, each `abi.encode(address to, bytes data, uint256 value)` like the
 *   live service's; `deadline`, the fill window;
 * - the fees: the app fee the quote charged, split over the `appFees` items by their basis points
 *   (the rounding remainder to the first items), each in the input currency to the item's
 *   recipient, or to the solver when the item names none, paid on the origin chain, or on the
 *   destination when the origin is Bitcoin or the exchange (the recipients are EVM addresses, which
 *   only an EVM chain encodes; the payment guard accepts a fee paid on either). The devnet's own
 *   fees (service and gas) are its spread, as in the live service's orders, which list none.
 *
 * @param parameters - {@link BuildQuoteOrderParameters}
 * @returns The order data. {@link BuildQuoteOrderReturnType}
 * @example
 * const orderData = buildQuoteOrder({ priced, originSlug: "devnet-origin",
 *   destinationSlug: "devnet-destination", solver, salt, deadline })
 * const orderId = hashOrder({ orderData, chains })
 */
export function buildQuoteOrder({
  priced,
  originSlug,
  destinationSlug,
  solver,
  salt,
  deadline,
}: BuildQuoteOrderParameters) {
  const currencyIn = lower(priced.currencyIn.address);
  const callValue = priced.txs.reduce((sum, call) => sum + call.value, 0n);
  const payout = priced.amountOut - callValue;
  const minimum = priced.minimumOut > callValue ? priced.minimumOut - callValue : 0n;
  return {
    version: "v1",
    solverChainId: originSlug,
    solver: lower(solver),
    salt,
    inputs: [
      {
        payment: {
          chainId: originSlug,
          currency: currencyIn,
          amount: priced.amountIn.toString(),
          weight: "1",
        },
        refunds: [
          {
            chainId: originSlug,
            recipient: lower(priced.refundTo),
            currency: currencyIn,
            minimumAmount: "0",
            deadline,
            extraData: "0x",
          },
        ],
      },
    ],
    output: {
      chainId: destinationSlug,
      payments: [
        {
          recipient: lower(priced.recipient),
          currency: lower(priced.currencyOut.address),
          minimumAmount: minimum.toString(),
          expectedAmount: payout.toString(),
        },
      ],
      calls: priced.txs.map((call) =>
        encodeAbiParameters(
          [{ type: "address" }, { type: "bytes" }, { type: "uint256" }],
          [call.to, call.data, call.value],
        ),
      ),
      deadline,
      extraData: "0x",
    },
    fees: splitAppFee(priced).map(({ recipient, amount }) => ({
      // The recipients are EVM addresses: paid on an EVM origin, else on the (EVM) destination.
      recipientChainId:
        vmTypeOfChain({ chainId: priced.originChainId }) === "evm" ? originSlug : destinationSlug,
      recipient: lower(recipient ?? solver),
      currencyChainId: originSlug,
      currency: currencyIn,
      amount: amount.toString(),
    })),
  } as const satisfies OrderDataV1;
}

/** The app fee over the items by basis points, floor each, the remainder one unit each to the first items; zero shares left out. */
function splitAppFee({ fees, appFees }: PricedQuote): { recipient: Address | undefined; amount: bigint }[] {
  const totalBps = appFees.reduce((sum, fee) => sum + fee.bps, 0n);
  if (fees.app === 0n || totalBps === 0n) return [];
  const shares = appFees.map((fee) => ({
    recipient: fee.recipient,
    bps: fee.bps,
    amount: (fees.app * fee.bps) / totalBps,
  }));
  let remainder = fees.app - shares.reduce((sum, share) => sum + share.amount, 0n);
  for (const share of shares) {
    if (remainder === 0n) break;
    if (share.bps === 0n) continue;
    share.amount += 1n;
    remainder -= 1n;
  }
  return shares.filter((share) => share.amount > 0n).map(({ recipient, amount }) => ({ recipient, amount }));
}

/**
 * An address as the order writes it: EVM hex and bech32 (`bc1…`) in lower case; base58 (a legacy
 * `1…`/`3…` Bitcoin address) and account indexes as given, since their case is their value.
 */
const lower = (address: string) => (/^(0x|bc1)/i.test(address) ? address.toLowerCase() : address) as Address;
