import { isAddressEqual } from "viem";
import type { EvmApprovalRequest, EvmTransactionRequest } from "../../schemas/index.js";
import { indexTransaction } from "../actions/indexTransaction.js";
import { reportSameChainTransaction } from "../actions/reportSameChainTransaction.js";
import { AbortError } from "../errors/request.js";
import { TransactionRevertedError } from "../errors/steps.js";
import { AccountMismatchError, ChainMismatchError } from "../errors/wallet.js";
import { raceAbort } from "../utils/raceAbort.js";
import { throwIfAborted } from "../utils/throwIfAborted.js";
import type { ExecuteStepsItem, StepRun } from "./types.js";

/**
 * Sends an EVM transaction or approval item with the wallet: from the account the item names, on the
 * item's chain (switching the wallet when allowed), then waits for the receipt (a revert is a
 * `TransactionRevertedError`) and tells the service of it (a failure there is reported, not fatal:
 * the service also indexes by itself): `POST /transactions/index`, or, for a same-chain request the
 * caller executes itself (a quote without an order, the transaction on the output's chain), `POST
 * /transactions/single` with the item's data and its hash, as the official SDK does.
 *
 * @param run - The run. {@link StepRun}
 * @param where - The item. {@link ExecuteStepsItem}
 * @param data - The item's data as `classifyStepItem` checked it.
 * @throws AccountMismatchError, ChainMismatchError, TransactionRevertedError, AbortError.
 * @example
 * await sendStepTransaction(run, where, action.data)
 */
export async function sendStepTransaction(
  run: StepRun,
  where: ExecuteStepsItem,
  data: EvmTransactionRequest | EvmApprovalRequest,
): Promise<void> {
  const { wallet } = run.parameters;
  const { step } = where;
  const { chainId } = data;
  if (data.from && !isAddressEqual(data.from, wallet.account.address))
    throw new AccountMismatchError({ expected: data.from, actual: wallet.account.address });
  await useChain(run, where, chainId);

  throwIfAborted(run.signal);
  // The chain was checked above; `chain: null` keeps viem from asserting the wallet's configured chain.
  const hash = await wallet.sendTransaction({
    account: wallet.account,
    chain: null,
    to: data.to,
    ...(data.data ? { data: data.data } : {}),
    ...(data.value !== undefined ? { value: data.value } : {}),
    ...gasFields(run, data),
  });
  run.emit({ type: "transaction:sent", chainId, hash, ...where });

  const receipt = await raceAbort(run.receipts.waitForTransactionReceipt({ hash }), run.signal);
  if (receipt.status === "reverted") throw new TransactionRevertedError({ hash, chainId, stepId: step.id });
  run.result.transactions.push({ stepId: step.id, chainId, hash, receipt });
  run.emit({ type: "transaction:confirmed", chainId, hash, receipt, ...where });

  const selfExecuted = isSelfExecuted(run.parameters.quote, chainId) && step.requestId !== undefined;
  const endpoint = selfExecuted ? "/transactions/single" : "/transactions/index";
  try {
    if (selfExecuted)
      await reportSameChainTransaction(
        run.client,
        {
          requestId: step.requestId as string,
          chainId: String(chainId),
          tx: JSON.stringify({ ...(where.item.data as object), txHash: hash }),
        },
        { signal: run.signal },
      );
    else
      await indexTransaction(
        run.client,
        { chainId, txHash: hash, ...(step.requestId ? { requestId: step.requestId } : {}) },
        { signal: run.signal },
      );
    run.emit({ type: "transaction:indexed", chainId, hash, endpoint, ...where });
  } catch (error) {
    if (run.signal?.aborted) throw new AbortError({ cause: run.signal.reason });
    run.emit({ type: "transaction:index-failed", chainId, hash, error, endpoint, ...where });
  }
}

/**
 * The gas fields of an item the wallet is given. With the payment guard on, the quote's gas prices
 * (`maxFeePerGas`, `maxPriorityFeePerGas`) are never used (the wallet prices the transaction, as it
 * would its own), and its `gas` limit only when it is the limit the caller asked for
 * (`gasLimitForDepositSpecifiedTxs`): fees are costs outside the order the service does not set.
 * With the guard off (`verify: false`), the item's fields are sent as they are.
 */
function gasFields(run: StepRun, data: EvmTransactionRequest | EvmApprovalRequest) {
  if (run.terms !== undefined) {
    const asked = run.terms.context.intent.gasLimitForDepositSpecifiedTxs;
    return data.gas !== undefined && asked !== undefined && data.gas === BigInt(asked)
      ? { gas: data.gas }
      : {};
  }
  return {
    ...(data.gas !== undefined ? { gas: data.gas } : {}),
    ...(data.maxFeePerGas !== undefined ? { maxFeePerGas: data.maxFeePerGas } : {}),
    ...(data.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: data.maxPriorityFeePerGas } : {}),
  };
}

/**
 * A same-chain quote the caller executes itself: it carries no order (`protocol.v2`), and the
 * transaction is on the chain of its output (`details.currencyOut`), as the SDK tells them apart.
 */
function isSelfExecuted(quote: unknown, chainId: number): boolean {
  const { protocol, details } = quote as {
    protocol?: { v2?: unknown } | null;
    details?: { currencyOut?: { currency?: { chainId?: unknown } } } | null;
  };
  return (protocol?.v2 ?? undefined) === undefined && details?.currencyOut?.currency?.chainId === chainId;
}

/** Puts the wallet on `chainId`, asking it to switch when the run allows it. */
async function useChain(run: StepRun, where: ExecuteStepsItem, chainId: number): Promise<void> {
  const { wallet, switchChain = true } = run.parameters;
  const walletChainId = await wallet.getChainId();
  if (walletChainId === chainId) return;
  if (!switchChain) throw new ChainMismatchError({ expectedChainId: chainId, walletChainId });
  try {
    await wallet.switchChain({ id: chainId });
  } catch (cause) {
    throw new ChainMismatchError({ expectedChainId: chainId, walletChainId, cause });
  }
  const switched = await wallet.getChainId();
  if (switched !== chainId)
    throw new ChainMismatchError({ expectedChainId: chainId, walletChainId: switched });
  run.emit({ type: "chain:switched", chainId, ...where });
}
