import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  isAddressEqual,
  keccak256,
} from "viem";
import { devnetDepositoryAbi, devnetTokenAbi } from "../../contracts/index.js";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { TransactionSender, TransactionToSend } from "../chains/createTransactionSender.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import { nativeCurrencyAddress } from "../constants.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { Deposit, DevnetRequest } from "../state/types.js";

/** What the solver needs of one chain. */
export type SolverChain = {
  chainId: number;
  request: ChainRequest;
  sender: TransactionSender;
  contracts: DevnetContracts;
};

export type Solver = {
  /** Takes an indexed deposit through the state machine (fill, or refund); never throws. */
  handleDeposit: (deposit: Deposit) => void;
  /** Resolves when every deposit handed over so far is fully processed. */
  idle: () => Promise<void>;
};

export type CreateSolverParameters = {
  store: RequestStore;
  chains: ReadonlyMap<number, SolverChain>;
  log: (message: string) => void;
  /** The clock, replaceable in tests. */
  now?: (() => number) | undefined;
};

/** Gas of a payout through the depository: plenty for a transfer to an EOA or a simple contract. */
const payoutGas = 120_000n;

/**
 * Creates the devnet solver. For each deposit it decides, in this order: an id no quote knows or
 * a deposit on the wrong chain (refund, `UNKNOWN`), a second deposit for an id (refund,
 * `DOUBLE_SPEND`, under a derived request id), an expired ttl (refund, `TTL_EXPIRED`), the wrong
 * currency or too little (refund, `DEPOSITED_AMOUNT_TOO_LOW_TO_FILL`), too little liquidity
 * (failure, `SOLVER_CAPACITY_EXCEEDED`, then refund), a `txs` call that reverts in simulation (failure,
 * then refund); otherwise it fills: it runs the `txs` calls and pays the recipient through the
 * destination depository (`submitted` once sent, `success` once mined; a revert on chain is a
 * `failure` followed by a refund). An overpayment is filled as quoted and the excess refunded.
 *
 * @param parameters - {@link CreateSolverParameters}
 * @returns The solver. {@link Solver}
 * @example
 * const solver = createSolver({ store, chains, log: console.warn })
 * indexer = createDepositIndexer({ ..., onDeposit: solver.handleDeposit })
 */
export function createSolver({ store, chains, log, now = Date.now }: CreateSolverParameters): Solver {
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];

  const chainOf = (chainId: number) => {
    const chain = chains.get(chainId);
    if (!chain) throw new Error(`No devnet chain ${chainId}.`);
    return chain;
  };

  const sendAndWait = async (chain: SolverChain, transaction: TransactionToSend) => {
    const hash = await chain.sender.send(transaction);
    return { hash, receipt: await chain.sender.waitForReceipt(hash) };
  };

  /** Pays `amount` of `currency` back from the depository of the deposit's chain. */
  const sendRefund = async (deposit: Deposit, to: Address, amount: bigint) => {
    const chain = chainOf(deposit.chainId);
    const data = isAddressEqual(deposit.currency, nativeCurrencyAddress)
      ? encodeFunctionData({
          abi: devnetDepositoryAbi,
          functionName: "devnetWithdrawNative",
          args: [to, amount],
        })
      : encodeFunctionData({
          abi: devnetDepositoryAbi,
          functionName: "devnetWithdrawErc20",
          args: [deposit.currency, to, amount],
        });
    return sendAndWait(chain, { to: chain.contracts.depository, data, gas: payoutGas });
  };

  /** Refunds the whole deposit of a request and moves it to `refund` (or leaves it in `failure`). */
  const refund = async (request: DevnetRequest, failReason: string) => {
    const deposit = request.deposit as Deposit;
    const base = { failReason };
    if (deposit.amount === 0n) {
      // Nothing to send back; the request ends in failure with the reason the refund could not happen.
      if (request.status !== "failure") store.transition(request.requestId, "failure", base);
      store.update(request.requestId, { refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND" });
      return;
    }
    try {
      const { hash, receipt } = await sendRefund(deposit, request.refundTo, deposit.amount);
      if (receipt.status !== "success") throw new Error(`refund ${hash} reverted`);
      store.transition(request.requestId, "refund", {
        ...base,
        txHashes: [...request.txHashes, hash],
        details: {
          ...request.details,
          refund: {
            chainId: deposit.chainId,
            txHash: hash,
            currency: deposit.currency,
            amount: deposit.amount.toString(),
            recipient: request.refundTo,
          },
        },
      });
    } catch (error) {
      log(`refund of ${request.requestId} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (request.status !== "failure") store.transition(request.requestId, "failure", base);
      store.update(request.requestId, { refundFailReason: "UNKNOWN" });
    }
  };

  /** Calls of the fill: the `txs`, then the payout to the recipient through the depository. */
  const fillCalls = (request: DevnetRequest, chain: SolverChain): TransactionToSend[] => {
    const calls: TransactionToSend[] = request.txs.map((call) => ({
      to: call.to,
      data: call.data,
      value: call.value,
    }));
    const native = isAddressEqual(request.destinationCurrency, nativeCurrencyAddress);
    // Native value carried by the calls comes out of the output; tokens are paid in full.
    const payout = native
      ? request.amountOut - request.txs.reduce((sum, call) => sum + call.value, 0n)
      : request.amountOut;
    if (payout > 0n)
      calls.push(
        native
          ? {
              to: chain.contracts.depository,
              data: encodeFunctionData({
                abi: devnetDepositoryAbi,
                functionName: "devnetFillNative",
                args: [request.requestId, request.recipient],
              }),
              value: payout,
              gas: payoutGas,
            }
          : {
              to: chain.contracts.depository,
              data: encodeFunctionData({
                abi: devnetDepositoryAbi,
                functionName: "devnetFillErc20",
                args: [request.requestId, request.destinationCurrency, request.recipient, payout],
              }),
              gas: payoutGas,
            },
      );
    return calls;
  };

  const liquidity = async (request: DevnetRequest, chain: SolverChain): Promise<bigint> => {
    if (isAddressEqual(request.destinationCurrency, nativeCurrencyAddress))
      return hexToBigInt(
        (await chain.request({ method: "eth_getBalance", params: [chain.sender.address, "latest"] })) as Hex,
      );
    const result = (await chain.request({
      method: "eth_call",
      params: [
        {
          to: request.destinationCurrency,
          data: encodeFunctionData({
            abi: devnetTokenAbi,
            functionName: "balanceOf",
            args: [chain.contracts.depository],
          }),
        },
        "latest",
      ],
    })) as Hex;
    return hexToBigInt(result);
  };

  const fill = async (request: DevnetRequest) => {
    const chain = chainOf(request.destinationChainId);
    if ((await liquidity(request, chain)) < request.amountOut) {
      store.transition(request.requestId, "failure", { failReason: "SOLVER_CAPACITY_EXCEEDED" });
      return refund(request, "SOLVER_CAPACITY_EXCEEDED");
    }
    const calls = fillCalls(request, chain);
    // Simulate the caller's calls before anything is sent: a revert costs the solver nothing.
    for (const [index, call] of request.txs.entries()) {
      try {
        await chain.sender.estimateGas({ to: call.to, data: call.data, value: call.value });
      } catch (error) {
        store.transition(request.requestId, "failure", {
          failReason: "UNKNOWN",
          details: { ...request.details, revert: revertDetails(index, call.to, error) },
        });
        return refund(request, "UNKNOWN");
      }
    }
    if (request.expiresAt !== null && now() > request.expiresAt) return refund(request, "TTL_EXPIRED");

    const hashes: Hex[] = [];
    let submitted = false;
    for (const call of calls) {
      let hash: Hex;
      try {
        hash = await chain.sender.send(call);
      } catch (error) {
        // Rejected at send (e.g. the call reverts in the gas estimate after all): nothing was mined.
        if (!submitted) {
          store.transition(request.requestId, "failure", {
            failReason: "UNKNOWN",
            details: { ...request.details, revert: revertDetails(hashes.length, call.to as Address, error) },
          });
          return refund(request, "UNKNOWN");
        }
        throw error;
      }
      hashes.push(hash);
      if (!submitted) {
        submitted = store.transition(request.requestId, "submitted", { txHashes: [hash] });
      } else store.update(request.requestId, { txHashes: [...hashes] });
      const receipt = await chain.sender.waitForReceipt(hash);
      if (receipt.status !== "success") {
        store.transition(request.requestId, "failure", {
          failReason: "UNKNOWN",
          details: { ...request.details, revert: { index: hashes.length - 1, to: call.to, txHash: hash } },
        });
        return refund(request, "UNKNOWN");
      }
    }
    store.transition(request.requestId, "success");
  };

  /** A request for a deposit no open quote can take, refunded under the given id. */
  const orphan = async (
    deposit: Deposit,
    requestId: Hex,
    failReason: string,
    extra: Partial<DevnetRequest>,
  ) => {
    const at = now();
    const request: DevnetRequest = {
      requestId,
      status: "pending",
      apiKey: undefined,
      referrer: null,
      originChainId: deposit.chainId,
      destinationChainId: deposit.chainId,
      user: deposit.from,
      recipient: deposit.from,
      refundTo: deposit.from,
      originCurrency: deposit.currency,
      destinationCurrency: deposit.currency,
      amountIn: deposit.amount,
      amountOut: 0n,
      txs: [],
      createdAt: at,
      expiresAt: null,
      inTxHashes: [deposit.txHash],
      txHashes: [],
      updatedAt: at,
      failReason: "N/A",
      refundFailReason: "N/A",
      details: null,
      deposit,
      ...extra,
    };
    if (!store.create(request)) return;
    await refund(request, failReason);
  };

  const processDeposit = async (deposit: Deposit) => {
    const request = store.get(deposit.id);
    if (!request)
      return orphan(deposit, deposit.id, "UNKNOWN", { details: { reason: "no quote has this request id" } });
    const derivedId = keccak256(
      encodeAbiParameters(
        [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }],
        [deposit.id, deposit.txHash, BigInt(deposit.logIndex)],
      ),
    );
    const related = {
      apiKey: request.apiKey,
      referrer: request.referrer,
      refundTo: deposit.from,
    };
    if (request.deposit || request.status !== "waiting") {
      // The original request links to the refund of the second deposit (no status change, no event).
      const duplicates = (request.details?.duplicateDeposits as Hex[] | undefined) ?? [];
      store.update(request.requestId, {
        details: { ...request.details, duplicateDeposits: [...duplicates, derivedId] },
      });
      return orphan(deposit, derivedId, "DOUBLE_SPEND", {
        ...related,
        details: { reason: "the request id was already deposited", originalRequestId: request.requestId },
      });
    }
    if (deposit.chainId !== request.originChainId)
      return orphan(deposit, derivedId, "UNKNOWN", {
        ...related,
        details: {
          reason: `deposit on chain ${deposit.chainId}, the request's origin is chain ${request.originChainId}`,
          originalRequestId: request.requestId,
        },
      });

    store.transition(request.requestId, "pending", { deposit, inTxHashes: [deposit.txHash] });
    if (request.expiresAt !== null && now() > request.expiresAt) return refund(request, "TTL_EXPIRED");
    const sameCurrency = isAddressEqual(deposit.currency, request.originCurrency);
    if (!sameCurrency || deposit.amount < request.amountIn) {
      if (!sameCurrency)
        store.update(request.requestId, {
          details: { reason: `deposited ${deposit.currency}, the quote expects ${request.originCurrency}` },
        });
      return refund(request, "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
    }
    await fill(request);
    const excess = deposit.amount - request.amountIn;
    if ((request.status as DevnetRequest["status"]) === "success" && excess > 0n) {
      const { hash } = await sendRefund(deposit, request.refundTo, excess);
      store.update(request.requestId, {
        details: {
          ...request.details,
          excessRefund: { chainId: deposit.chainId, txHash: hash, amount: excess.toString() },
        },
      });
    }
  };

  return {
    handleDeposit(deposit) {
      inFlight++;
      processDeposit(deposit)
        .catch((error) =>
          log(
            `deposit ${deposit.txHash} of ${deposit.id}: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => {
          inFlight--;
          if (inFlight === 0) {
            const waiters = idleWaiters;
            idleWaiters = [];
            for (const resolve of waiters) resolve();
          }
        });
    },
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
  };
}

function revertDetails(index: number, to: Address, error: unknown) {
  const data = findRevertData(error);
  return {
    index,
    to,
    message: error instanceof Error ? error.message.split("\n")[0] : String(error),
    ...(data ? { data } : {}),
  };
}

/** The revert data a JSON-RPC error carries (`data`, or `data.data`), if any. */
function findRevertData(error: unknown): Hex | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === "string" && data.startsWith("0x")) return data as Hex;
    if (data && typeof data === "object" && typeof (data as { data?: unknown }).data === "string")
      return (data as { data: Hex }).data;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
