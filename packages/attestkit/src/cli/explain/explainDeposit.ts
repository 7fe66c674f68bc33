import type { Hex } from "viem";
import type { StatusResponse } from "../../schemas/index.js";
import {
  type ChainEvent,
  type ReadChainTransactionReturnType,
  readChainTransaction,
} from "../readChainTransaction.js";

/** The origin deposit of a request as `explain` reports it. */
export type DepositPart = {
  chainId: number;
  txHash: Hex | null;
  /** False when there is no deposit hash or no RPC URL for the chain. */
  fetched: boolean;
  found: boolean;
  note?: string;
  transaction?: ReadChainTransactionReturnType;
  /** The deposit as decoded from the depository (and receiver) events. */
  decoded: {
    event: string;
    id: Hex;
    amount: string;
    currency: Hex;
    depositor: Hex;
    viaReceiver: boolean;
  } | null;
};

/** The currency address of a native deposit. */
export const zeroAddress = "0x0000000000000000000000000000000000000000";

/**
 * Fetches the request's first deposit transaction (`inTxHashes[0]`) from the origin chain's RPC and
 * decodes its depository event (the one at the devnet's log index, else the one under a known id,
 * else the first), with the payer of a receiver's `AttestedDeposit` / `OrderPaid` as depositor. No
 * hash or no RPC URL is a note, not an error.
 */
export async function explainDeposit({
  status,
  rpcUrl,
  chainId,
  ids,
  logIndex,
}: {
  status: StatusResponse;
  rpcUrl: string | undefined;
  chainId: number;
  ids: Set<string>;
  logIndex: number | undefined;
}): Promise<DepositPart> {
  const txHash = (status.inTxHashes?.[0] as Hex | undefined) ?? null;
  const base = { chainId, txHash, fetched: false, found: false, decoded: null };
  if (!txHash) return { ...base, note: "no deposit yet (inTxHashes is empty)" };
  if (!rpcUrl) return { ...base, note: `no RPC URL for chain ${chainId}: pass --rpc ${chainId}=URL` };
  const transaction = await readChainTransaction({ rpcUrl, hash: txHash });
  if (!transaction.found) return { ...base, fetched: true, note: "the chain does not have this transaction" };
  const deposits = transaction.events.filter(
    (e) => e.name === "RelayNativeDeposit" || e.name === "RelayErc20Deposit",
  );
  const chosen =
    deposits.find((e) => e.logIndex === logIndex) ??
    deposits.find((e) => ids.has(String(e.args.id).toLowerCase())) ??
    deposits[0];
  if (!chosen)
    return { ...base, fetched: true, found: true, transaction, note: "no depository deposit event" };
  // A deposit through the receiver: the depository credits the receiver; the payer is in its event.
  const receiverEvent = transaction.events.find(
    (e: ChainEvent) =>
      (e.name === "AttestedDeposit" &&
        String(e.args.requestId).toLowerCase() === String(chosen.args.id).toLowerCase()) ||
      (e.name === "OrderPaid" &&
        String(e.args.orderId).toLowerCase() === String(chosen.args.id).toLowerCase()),
  );
  return {
    ...base,
    fetched: true,
    found: true,
    transaction,
    decoded: {
      event: chosen.name,
      id: chosen.args.id as Hex,
      amount: String(chosen.args.amount),
      currency: (chosen.name === "RelayErc20Deposit" ? chosen.args.token : zeroAddress) as Hex,
      depositor: (receiverEvent?.args.payer ?? chosen.args.from) as Hex,
      viaReceiver: receiverEvent !== undefined,
    },
  };
}
