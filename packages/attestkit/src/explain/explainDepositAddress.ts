import { getAddress, type Hex, isAddress, isAddressEqual } from "viem";
import { vmTypeOfChain } from "../attestation/vmTypeOfChain.js";
import type { StatusResponse } from "../schemas/index.js";
import type { Mismatch, UnjudgedPart } from "./parts.js";
import { readChainPart } from "./readChainPart.js";

/** A deposit address's first transfer in, as `explain` reports it beside the sweep (`deposit`). */
export type DepositAddressPart = {
  /** The deposit address, as the status names it. */
  address: string;
  /** `open` or `strict`, when the status says. */
  depositAddressType: string | null;
  /** The transfer into it the service saw first (`depositAddress.depositTxHash`), or null. */
  txHash: Hex | null;
  /** The transfer as the origin chain shows it: sender, receiver and native value (wei). */
  transfer: { from: Hex; to: Hex | null; value: string } | null;
  note?: string;
  unjudged?: UnjudgedPart;
};

export type ExplainDepositAddressParameters = {
  status: StatusResponse;
  /** The origin chain. */
  chainId: number;
  rpcUrls: ReadonlyMap<number, string>;
  vmTypes: ReadonlyMap<number, string>;
  fetch?: typeof globalThis.fetch | undefined;
};

/**
 * For a request paid through a deposit address (the status's `depositAddress`), the transfer into it
 * that the service recorded, read from the origin chain when it is an EVM chain (a Bitcoin deposit
 * address's transfer is the deposit itself). A native transfer must go to the deposit address; a
 * token transfer's receiver is the token contract, and its recipient is not decoded here.
 *
 * @param parameters - {@link ExplainDepositAddressParameters}
 * @returns The part (null without a deposit address, or on a chain of another VM) and its mismatches.
 * @example
 * const { part, mismatches } = await explainDepositAddress({ status, chainId: 8453, rpcUrls, vmTypes })
 */
export async function explainDepositAddress({
  status,
  chainId,
  ...read
}: ExplainDepositAddressParameters): Promise<{ part: DepositAddressPart | null; mismatches: Mismatch[] }> {
  const given = status.depositAddress;
  const vmType = read.vmTypes.get(chainId) ?? vmTypeOfChain({ chainId });
  if (!given || vmType !== "evm") return { part: null, mismatches: [] };
  const txHash = (given.depositTxHash as Hex | null | undefined) ?? null;
  const base = { address: given.address, depositAddressType: given.depositAddressType ?? null, txHash };
  if (!txHash)
    return { part: { ...base, transfer: null, note: "no transfer into it recorded yet" }, mismatches: [] };
  const part = "deposit address transfer";
  const { transaction, unjudged } = await readChainPart({ ...read, part, chainId, hash: txHash });
  if (unjudged)
    return { part: { ...base, transfer: null, note: unjudged.message, unjudged }, mismatches: [] };
  if (!transaction.found)
    return {
      part: { ...base, transfer: null },
      mismatches: [
        {
          field: part,
          against: "status depositAddress.depositTxHash",
          expected: txHash,
          actual: "the chain does not have the transaction",
        },
      ],
    };
  const transfer = { from: transaction.from, to: transaction.to, value: transaction.value };
  const mismatches: Mismatch[] =
    BigInt(transfer.value) > 0n &&
    isAddress(given.address) &&
    !(transfer.to && isAddressEqual(transfer.to, given.address))
      ? [
          {
            field: "deposit address transfer receiver",
            against: "status depositAddress.address",
            expected: getAddress(given.address),
            actual: transfer.to ?? "(contract creation)",
          },
        ]
      : [];
  return { part: { ...base, transfer }, mismatches };
}
