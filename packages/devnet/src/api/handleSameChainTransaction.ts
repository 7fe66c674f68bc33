import { InvalidRequestError, validateRequest } from "attestkit/schemas";
import { type Hex, isAddressEqual } from "viem";
import { DevnetApiError } from "../errors.js";
import type { DevnetRequest } from "../state/types.js";
import { requestNotFound } from "./requestNotFound.js";
import { toInvalidRequestCode } from "./toInvalidRequestCode.js";
import type { ApiChain, DevnetContext } from "./types.js";

/** What `POST /transactions/single` uses of the devnet: the requests and the EVM chains. */
export type SameChainTransactionDeps = Pick<DevnetContext, "store" | "chains">;

export type HandleSameChainTransactionParameters = {
  context: SameChainTransactionDeps;
  /** The JSON body: `{tx, chainId, requestId, referrer?}` as the official SDK posts it. */
  body: unknown;
  /** How long to wait for the transaction's block, ms (interval mining). Default 30 s. */
  waitMs?: number | undefined;
  /** Sleeps between reads of the receipt; replaceable in tests. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
};

type Receipt = { status: Hex; transactionHash: Hex } | null;
type Transaction = { from: Hex; to: Hex | null; input: Hex; value: Hex } | null;

/**
 * Answers `POST /transactions/single`, which the official SDK posts after each transaction of a
 * same-chain request ("notify the solver"): reads the reported transaction (`txHash`, or
 * `replacementTxHash` after a speed-up, inside the `tx` JSON) on the request's chain and, once it is
 * mined, decides:
 *
 * | the transaction | answer | the request |
 * |-----------------|--------|-------------|
 * | the quote's last step (`selfExecution`: same target, calldata and value, sent by the user), mined with status 1 | 200 `Transaction confirmed` | `waiting` -> `success`, `inTxHashes` = `txHashes` = [it] (the same transaction paid and delivered) |
 * | the same, reverted | 200 `Transaction reverted` | stays `waiting` (nothing moved; the user may send again), `details.revert` |
 * | another transaction of the user (an approval step) | 200 `Transaction noted` | unchanged |
 * | not the user's | 400 `INVALID_REQUEST` | unchanged |
 * | unknown to the chain | 404 `TRANSACTION_NOT_FOUND` | unchanged |
 * | not mined within `waitMs` | 200 `Transaction not mined yet` (post it again) | unchanged |
 *
 * A request executed by the solver is 400 `INVALID_REQUEST` (its deposit is indexed: `POST
 * /transactions/index`); an unknown request 404 `REQUEST_NOT_FOUND`; another chain 400
 * `UNSUPPORTED_CHAIN`. Posting the confirmed transaction again answers the same.
 *
 * @param parameters - {@link HandleSameChainTransactionParameters}
 * @returns `{message}`.
 * @example
 * c.json(await handleSameChainTransaction({ context, body: await c.req.json() }))
 */
export async function handleSameChainTransaction({
  context,
  body,
  waitMs = 30_000,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: HandleSameChainTransactionParameters): Promise<{ message: string }> {
  const { requestId, chainId, tx } = validated(body);
  const request = context.store.get(requestId as Hex);
  if (!request) throw requestNotFound(requestId, "errorCode");
  const expected = request.selfExecution;
  if (!expected)
    throw invalid(
      "INVALID_REQUEST",
      `Request ${requestId} is executed by the solver: its deposit is indexed (POST /transactions/index).`,
    );
  const chain = context.chains.get(Number(chainId));
  if (!chain || chain.chainId !== request.originChainId)
    throw invalid(
      "UNSUPPORTED_CHAIN",
      `Request ${requestId} runs on chain ${request.originChainId}, not ${chainId}.`,
    );
  const txHash = reportedHash(tx);
  const sent = (await chain.request({ method: "eth_getTransactionByHash", params: [txHash] })) as Transaction;
  if (!sent)
    throw new DevnetApiError({
      status: 404,
      errorCode: "TRANSACTION_NOT_FOUND",
      message: `Transaction ${txHash} is unknown to chain ${chain.chainId}.`,
    });
  if (!isAddressEqual(sent.from, request.user))
    throw invalid(
      "INVALID_REQUEST",
      `Transaction ${txHash} is by ${sent.from}, not the request's user ${request.user}.`,
    );
  const matches =
    sent.to !== null &&
    isAddressEqual(sent.to, expected.to) &&
    sent.input.toLowerCase() === expected.data.toLowerCase() &&
    BigInt(sent.value) === expected.value;
  if (!matches) return { message: "Transaction noted: not the request's last step, its status is unchanged" };
  const receipt = await waitForReceipt(chain, txHash, waitMs, sleep);
  if (!receipt) return { message: "Transaction not mined yet: post it again once it is in a block" };
  return settle(context, request, txHash, receipt.status === "0x1");
}

function settle(context: SameChainTransactionDeps, request: DevnetRequest, txHash: Hex, mined: boolean) {
  const current = context.store.get(request.requestId) as DevnetRequest;
  if (current.status === "success") return { message: "Transaction confirmed" };
  if (!mined) {
    context.store.update(request.requestId, {
      details: {
        ...current.details,
        reason: "the self-executed transaction reverted: nothing moved",
        revert: { index: 0, to: request.selfExecution?.to, txHash },
      },
    });
    return { message: "Transaction reverted: the request is still waiting" };
  }
  context.store.transition(request.requestId, "success", { inTxHashes: [txHash], txHashes: [txHash] });
  return { message: "Transaction confirmed" };
}

async function waitForReceipt(
  chain: ApiChain,
  txHash: Hex,
  waitMs: number,
  sleep: (ms: number) => Promise<void>,
): Promise<Receipt> {
  const pollMs = 50;
  for (let waited = 0; ; waited += pollMs) {
    const receipt = (await chain.request({
      method: "eth_getTransactionReceipt",
      params: [txHash],
    })) as Receipt;
    if (receipt || waited >= waitMs) return receipt;
    await sleep(pollMs);
  }
}

/** The hash the SDK reports in `tx`: `replacementTxHash` after a speed-up, else `txHash`. */
function reportedHash(tx: string): Hex {
  let parsed: unknown;
  try {
    parsed = JSON.parse(tx);
  } catch {
    throw invalid("INVALID_REQUEST", "tx must be the JSON of the step item's data with its txHash.");
  }
  const { txHash, replacementTxHash } = (parsed ?? {}) as { txHash?: unknown; replacementTxHash?: unknown };
  const hash = replacementTxHash ?? txHash;
  if (typeof hash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw invalid("INVALID_REQUEST", "tx must carry txHash: 0x and 64 hex digits.");
  return hash as Hex;
}

function validated(body: unknown) {
  try {
    return validateRequest({ endpoint: "transactionsSingle", body, unknownFields: "ignore" });
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    throw invalid(toInvalidRequestCode({ field: error.field }), error.shortMessage);
  }
}

function invalid(errorCode: string, message: string) {
  return new DevnetApiError({ status: 400, errorCode, message });
}
