import type { Hex } from "viem";
import type { StatusResponse } from "../schemas/index.js";
import { checkDeposit } from "./checkDeposit.js";
import { checkFills } from "./checkFills.js";
import { collectDepositIds } from "./collectDepositIds.js";
import type { SignedFields } from "./explainAttestations.js";
import { type DepositPart, explainDeposit } from "./explainDeposit.js";
import { explainDepositAddress } from "./explainDepositAddress.js";
import { explainFills, type FillPart } from "./explainFills.js";
import type { OrderPart } from "./explainOrder.js";
import type { DevnetRequestView, Mismatch } from "./parts.js";
import { readDepositAdjustments } from "./readDepositAdjustments.js";

export type ReadOnChainParameters = {
  /** The request id, lower case (the status endpoint's answer need not repeat it). */
  requestId: Hex;
  status: StatusResponse;
  /** The attestations' fields (v1, v2), null where the service has none. */
  v1: SignedFields | null;
  v2: SignedFields | null;
  order: OrderPart | null;
  devnet: DevnetRequestView | null;
  /** The order id `GET /requests/v3` names, if it was read. */
  v3OrderId: unknown;
  chains: { origin: number; destination: number };
  rpcUrls: ReadonlyMap<number, string>;
  vmTypes: ReadonlyMap<number, string>;
  fetch?: typeof globalThis.fetch | undefined;
};

/**
 * The request as the chains show it, checked against what was signed and ordered: the deposit
 * (under any id the request may be paid under, with what the service did to its amount) and every
 * fill or refund transaction.
 *
 * @param parameters - {@link ReadOnChainParameters}
 * @returns The deposit and fill parts, and the mismatches found in them.
 * @example
 * const { deposit, fills, mismatches } = await readOnChain({ requestId, status, v1, v2, order, devnet, v3OrderId, chains, rpcUrls, vmTypes })
 */
export async function readOnChain({
  requestId,
  status,
  v1,
  v2,
  order,
  devnet,
  v3OrderId,
  chains,
  ...read
}: ReadOnChainParameters): Promise<{ deposit: DepositPart; fills: FillPart[]; mismatches: Mismatch[] }> {
  const ids = collectDepositIds({
    requestId,
    devnetOrderId: devnet?.orderId,
    v3OrderId,
    originalRequestId: (status.details as { originalRequestId?: unknown } | null | undefined)
      ?.originalRequestId,
  });
  const logIndex = devnet?.deposit?.logIndex;
  const deposit = await explainDeposit({ status, chainId: chains.origin, ids, logIndex, ...read });
  const { adjustments, requotedAmountOut } = readDepositAdjustments(status);
  const orderKnown = devnet !== null || typeof v3OrderId === "string";
  const { inTxHashes } = status;
  const payment = order?.payment;
  const checked = checkDeposit({ deposit, ids, orderKnown, v1, v2, payment, inTxHashes, adjustments });
  if (checked.note !== undefined) deposit.note = checked.note;
  const hashes = (status.txHashes ?? []) as Hex[];
  const fills = await explainFills({
    hashes,
    chains: [chains.destination, chains.origin],
    deposit: deposit.txHash,
    ...read,
  });
  const minimumAmount = requotedAmountOut ?? order?.output?.minimumAmount;
  const depositAddress = await explainDepositAddress({ status, chainId: chains.origin, ...read });
  if (depositAddress.part) deposit.depositAddress = depositAddress.part;
  checked.mismatches.push(...depositAddress.mismatches);
  return {
    deposit,
    fills,
    mismatches: [...checked.mismatches, ...checkFills({ fills, v1, v2, minimumAmount })],
  };
}
