import type { Hex } from "viem";
import type { StatusResponse } from "../schemas/index.js";
import type { DepositAddressPart } from "./explainDepositAddress.js";
import type { UnjudgedPart } from "./parts.js";
import { readChainPart } from "./readChainPart.js";
import type { ChainEvent, ReadChainTransactionReturnType } from "./readChainTransaction.js";

/** The origin deposit of a request as `explain` reports it. */
export type DepositPart = {
  chainId: number;
  txHash: Hex | null;
  /** False when the transaction was not read (no hash, another VM, no RPC URL, a failing RPC). */
  fetched: boolean;
  found: boolean;
  note?: string;
  transaction?: ReadChainTransactionReturnType;
  /** The deposit as decoded from the depository's event (and the receiver's, when it paid through one). */
  decoded: {
    event: string;
    id: Hex;
    /** Smallest unit of the currency. */
    amount: string;
    currency: Hex;
    /** The account the depository credits (its event's `from`): what the attestation signs as `originUser`. */
    depositor: Hex;
    /** Who paid the receiver (its `AttestedDeposit` / `OrderPaid` event), when the deposit went through one. */
    payer: Hex | null;
    viaReceiver: boolean;
  } | null;
  /**
   * A same-chain request the user executed: one transaction of theirs both paid and delivered (it is
   * in `inTxHashes` and `txHashes`), with no depository deposit; its sender is the depositor.
   */
  selfExecuted?: { from: Hex };
  /** The deposit address the request was paid through, and the transfer into it (the sweep is the deposit). */
  depositAddress?: DepositAddressPart;
  /** Why the deposit could not be judged. */
  unjudged?: UnjudgedPart;
};

/** The currency address of a native deposit. */
export const zeroAddress = "0x0000000000000000000000000000000000000000";

/** Statuses of a request still open: no deposit yet is then a part not judged yet. */
const openStatuses = new Set(["waiting", "depositing", "pending", "submitted", "delayed"]);

export type ExplainDepositParameters = {
  status: StatusResponse;
  /** The origin chain. */
  chainId: number;
  /** Every id the deposit may carry (see `collectDepositIds`). */
  ids: ReadonlySet<string>;
  /** The deposit's log index, when the devnet names it. */
  logIndex: number | undefined;
  rpcUrls: ReadonlyMap<number, string>;
  vmTypes: ReadonlyMap<number, string>;
  fetch?: typeof globalThis.fetch | undefined;
};

/** The depository event of the deposit: the one at the devnet's log index, else under a known id, else the first. */
function chooseDeposit(
  events: readonly ChainEvent[],
  ids: ReadonlySet<string>,
  logIndex: number | undefined,
) {
  const deposits = events.filter((e) => e.name === "RelayNativeDeposit" || e.name === "RelayErc20Deposit");
  return (
    deposits.find((e) => e.logIndex === logIndex) ??
    deposits.find((e) => ids.has(String(e.args.id).toLowerCase())) ??
    deposits[0]
  );
}

/** The receiver's event for the same id, when the deposit went through a receiver. */
function receiverEventOf(events: readonly ChainEvent[], id: string): ChainEvent | undefined {
  const same = (value: unknown) => String(value).toLowerCase() === id.toLowerCase();
  return events.find(
    (e) =>
      (e.name === "AttestedDeposit" && same(e.args.requestId)) ||
      (e.name === "OrderPaid" && same(e.args.orderId)),
  );
}

/**
 * Reads the request's first deposit transaction (`inTxHashes[0]`) from the origin chain and decodes
 * its depository event. The depositor is the account the depository credits (a receiver contract
 * when the deposit went through one, its payer reported beside it); a same-chain request the user
 * executed has no deposit event, its one transaction paying and delivering (`selfExecuted`). No hash, a chain of another VM,
 * no RPC URL and a failing RPC are said (the last three as a part not judged), never thrown.
 *
 * @param parameters - {@link ExplainDepositParameters}
 * @returns The deposit part. {@link DepositPart}
 * @example
 * const deposit = await explainDeposit({ status, chainId: 8453, ids, logIndex: undefined, rpcUrls, vmTypes })
 */
export async function explainDeposit({
  status,
  chainId,
  ids,
  logIndex,
  ...read
}: ExplainDepositParameters): Promise<DepositPart> {
  const txHash = (status.inTxHashes?.[0] as Hex | undefined) ?? null;
  const base = { chainId, txHash, fetched: false, found: false, decoded: null };
  if (!txHash) {
    const note = "no deposit yet (inTxHashes is empty)";
    return openStatuses.has(String(status.status))
      ? { ...base, note, unjudged: { part: "deposit", reason: "no-deposit-yet", message: note, chainId } }
      : { ...base, note };
  }
  const { transaction, unjudged } = await readChainPart({ ...read, part: "deposit", chainId, hash: txHash });
  if (unjudged) return { ...base, note: unjudged.message, unjudged };
  if (!transaction.found) return { ...base, fetched: true, note: "the chain does not have this transaction" };
  const chosen = chooseDeposit(transaction.events, ids, logIndex);
  const seen = { ...base, fetched: true, found: true, transaction };
  const alsoDelivered = status.txHashes?.some((hash) => hash.toLowerCase() === txHash.toLowerCase());
  if (!chosen && alsoDelivered && transaction.status === "success")
    return {
      ...seen,
      note: "self-executed: the user's own transaction both paid and delivered (no depository deposit)",
      selfExecuted: { from: transaction.from },
    };
  if (!chosen) return { ...seen, note: "no depository deposit event" };
  const receiverEvent = receiverEventOf(transaction.events, String(chosen.args.id));
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
      depositor: chosen.args.from as Hex,
      payer: (receiverEvent?.args.payer as Hex | undefined) ?? null,
      viaReceiver: receiverEvent !== undefined,
    },
  };
}
