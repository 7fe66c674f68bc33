import type { Address } from "viem";
import type { ExchangeTransfer } from "../exchange/createExchangeLedger.js";
import type { Deposit } from "../state/types.js";

export type ObserveExchangeTransferParameters = {
  transfer: Pick<
    ExchangeTransfer,
    "hash" | "transferId" | "fromAccountIndex" | "toAccountIndex" | "assetIndex" | "amount" | "memo"
  >;
  /** The exchange's chain id (3586256). */
  chainId: number;
  /** The solver's relayer account index: withdrawals are transfers to it. */
  relayerAccountIndex: number;
};

export type ObserveExchangeTransferReturnType =
  | { type: "payment"; payment: Deposit }
  /** Not a payment into the solver: between other accounts, or the relayer's own. */
  | undefined;

/**
 * The exchange adapter's observation: turns a ledger transfer to the relayer account (the
 * exchange's withdrawal leg) into the chain-neutral payment the one decision reads. It names its
 * request by its memo (without one, the zero id: an orphan's, `decidePayment`); the payer is the
 * sending account, the currency the asset index, the block the transfer id.
 *
 * @param parameters - {@link ObserveExchangeTransferParameters}
 * @returns The payment, if it is one. {@link ObserveExchangeTransferReturnType}
 * @example
 * observeExchangeTransfer({ transfer, chainId: 3586256, relayerAccountIndex: 1000 })?.type // "payment"
 */
export function observeExchangeTransfer({
  transfer,
  chainId,
  relayerAccountIndex,
}: ObserveExchangeTransferParameters): ObserveExchangeTransferReturnType {
  if (transfer.toAccountIndex !== relayerAccountIndex || transfer.fromAccountIndex === relayerAccountIndex)
    return undefined;
  return {
    type: "payment",
    payment: {
      chainId,
      txHash: transfer.hash,
      logIndex: 0,
      blockNumber: BigInt(transfer.transferId),
      // The record types these as EVM addresses; on the exchange they are an account and an asset index.
      from: String(transfer.fromAccountIndex) as Address,
      currency: String(transfer.assetIndex) as Address,
      amount: transfer.amount,
      id: transfer.memo ?? `0x${"00".repeat(32)}`,
    },
  };
}
