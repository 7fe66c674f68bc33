import type { Address } from "viem";
import type { DevnetRequest } from "../state/types.js";
import type { RequestTransactions } from "./types.js";

export type RenderRequestProtocolParameters = {
  request: DevnetRequest;
  /** The request's transactions by role (`requestTransactions`). */
  transactions: RequestTransactions;
  /** The depository of each chain. */
  depositoryOf: (chainId: number) => Address | undefined;
  /** The solver's address. */
  solver: Address;
};

/**
 * The `protocol` of a `GET /requests/v3` entry, in the live service's v3 shape: the order id, the
 * solver (on the origin chain), the origin deposit as the depository recorded it (null before one
 * is indexed) and the settlement's fills and refunds. The devnet settles on chain only: `hubType`
 * `onchain`, nothing withdrawable.
 *
 * @param parameters - {@link RenderRequestProtocolParameters}
 * @returns The entry's `protocol`.
 * @example
 * renderRequestProtocol({ request, transactions, depositoryOf, solver }).deposit?.origin.transactionId
 */
export function renderRequestProtocol({
  request,
  transactions: { fills, refunds },
  depositoryOf,
  solver,
}: RenderRequestProtocolParameters) {
  const deposit = request.deposit;
  return {
    orderId: request.orderId ?? null,
    hubType: "onchain",
    isWithdrawable: false,
    solver: {
      address: solver,
      protocolChainId: String(request.originChainId),
      chainId: request.originChainId,
    },
    deposit: deposit
      ? {
          origin: {
            amount: deposit.amount.toString(),
            chainId: deposit.chainId,
            currency: deposit.currency,
            depositor: deposit.from,
            depository: depositoryOf(deposit.chainId) ?? null,
            onchainId: deposit.id,
            transactionId: deposit.txHash,
          },
        }
      : null,
    settlement: {
      destination: {
        fills: fills.map((fill) => ({ chainId: fill.chainId, transactionId: fill.txHash })),
        refunds: refunds.map((entry) => ({ chainId: entry.chainId, transactionId: entry.txHash })),
      },
    },
  };
}
