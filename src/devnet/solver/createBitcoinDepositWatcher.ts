import { hex } from "@scure/base";
import type { Address, Hex } from "viem";
import { toOutputScript } from "../../chains/bitcoin/toOutputScript.js";
import type { BitcoinChain, BitcoinTransactionRecord } from "../bitcoin/createBitcoinChain.js";
import { decodeBitcoinDeposit } from "../bitcoin/decodeBitcoinDeposit.js";
import type { BitcoinWallet } from "../bitcoin/deriveBitcoinWallet.js";
import { findBoundPayment } from "../bitcoin/findBoundPayment.js";
import { payFromBitcoinWallet } from "../bitcoin/payFromBitcoinWallet.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { Deposit } from "../state/types.js";
import { type BitcoinDepositDecision, decideBitcoinDeposit } from "./decideBitcoinDeposit.js";
import { paidBeforeRestart } from "./paidBeforeRestart.js";

export type CreateBitcoinDepositWatcherParameters = {
  chain: BitcoinChain;
  /** The Bitcoin chain's id (8253038). */
  chainId: number;
  /** The solver's wallet: deposits pay its P2WPKH address, refunds come from it. */
  solverWallet: BitcoinWallet;
  /** Satoshis above which a deposit waits for 2 confirmations instead of 1. */
  highValueThreshold: bigint;
  /** Deposit addresses of quotes (`useDepositAddress`): address -> request id; payments to them need no binding. */
  depositAddresses?: ReadonlyMap<string, Hex> | undefined;
  store: RequestStore;
  /** Fills a `pending` request on its EVM destination (the solver's fill); resolves when done. */
  fill: (requestId: Hex) => Promise<void>;
  log: (message: string) => void;
  now?: (() => number) | undefined;
};

export type BitcoinDepositWatcher = {
  /** Resolves when every confirmed deposit handed over so far is processed. */
  idle: () => Promise<void>;
  /**
   * After a restart on a kept chain: takes the deposits the chain holds that no request took yet
   * (the process ended between the two writes), each decided at the time the chain first saw it,
   * and waits again for the confirmations of every `pending` request's deposit. A deposit whose
   * request already has a payment (`hasPayout`: a fill on its destination) or a Bitcoin payment from
   * the solver bound to it (a refund) is left as it is and logged, never paid twice.
   */
  restore: (parameters: { hasPayout: (requestId: Hex) => Promise<boolean> }) => void;
  stop: () => void;
};

/**
 * Watches the devnet's Bitcoin chain for deposits to the solver's address and carries out
 * `decideBitcoinDeposit`: a deposit for a waiting request moves it to `pending` as soon as its
 * transaction is in the mempool (with the txid as `inTxHashes`), then, once the transaction has 1
 * confirmation (2 above the high-value threshold), the solver fills on the EVM destination
 * (`submitted`, `success`) and refunds any excess in BTC; a deposit too small or after the ttl is
 * refunded in full in BTC (from the solver's wallet, with the request bound by OP_RETURN) to the
 * request's `refundTo` after its confirmations, and the request moves to `refund` once the refund is
 * in the mempool.
 *
 * @param parameters - {@link CreateBitcoinDepositWatcherParameters}
 * @returns The watcher. {@link BitcoinDepositWatcher}
 * @example
 * const watcher = createBitcoinDepositWatcher({ chain, chainId: 8253038, solverWallet, highValueThreshold, store, fill: solver.fill, log })
 */
export function createBitcoinDepositWatcher({
  chain,
  chainId,
  solverWallet,
  highValueThreshold,
  depositAddresses = new Map(),
  store,
  fill,
  log,
  now = Date.now,
}: CreateBitcoinDepositWatcherParameters): BitcoinDepositWatcher {
  const solverScript = hex.encode(toOutputScript({ address: solverWallet.p2wpkhAddress }));
  /** Deposits taken, waiting for their confirmations, by txid. */
  const awaiting = new Map<string, Exclude<BitcoinDepositDecision, { type: "ignore" }>>();
  let work: Promise<void> = Promise.resolve();

  /** Deposits taken again after a restart: checked for a payment made before it, by txid. */
  const restored = new Set<string>();
  let hasPayout: (requestId: Hex) => Promise<boolean> = async () => false;

  const onTransaction = (record: BitcoinTransactionRecord, replay = false) => {
    // The solver's own payments (fills, refunds, their change) are not deposits.
    if (record.prevouts.some((prevout) => hex.encode(prevout.script) === solverScript)) return;
    let decoded: ReturnType<typeof decodeBitcoinDeposit>;
    try {
      decoded = decodeBitcoinDeposit({ transaction: record.hex, depositAddress: solverWallet.p2wpkhAddress });
    } catch (error) {
      log(`bitcoin deposit ${record.txid}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // A payment to a request's own deposit address names its request by the address alone.
    for (const [address, requestId] of depositAddresses) {
      const script = hex.encode(toOutputScript({ address }));
      const paid = record.transaction.outputs.filter((output) => hex.encode(output.script) === script);
      if (paid.length === 0) continue;
      decoded = {
        txid: record.txid,
        requestId,
        amount: paid.reduce((sum, output) => sum + output.amount, 0n),
        depositOutputs: record.transaction.outputs.flatMap((output, index) =>
          hex.encode(output.script) === script ? [index] : [],
        ),
      };
      const request = store.get(requestId);
      if (request?.depositAddress && request.depositAddress.depositTxHash === null)
        store.update(requestId, {
          depositAddress: { ...request.depositAddress, depositTxHash: record.txid as Hex },
        });
      break;
    }
    if (decoded.depositOutputs.length === 0) return;
    const request = decoded.requestId ? store.get(decoded.requestId) : undefined;
    const decision = decideBitcoinDeposit({
      boundRequestId: decoded.requestId,
      amount: decoded.amount,
      request,
      chainId,
      highValueThreshold,
      // A deposit read again after a restart is decided as it would have been when it arrived.
      now: replay ? record.firstSeen : now(),
    });
    if (decision.type === "ignore") {
      if (!replay) log(`bitcoin deposit ${record.txid} not taken: ${decision.reason}`);
      return;
    }
    const deposit: Deposit = {
      chainId,
      // Bitcoin txids are written as they are (64 hex digits), as the live service shows them.
      txHash: record.txid as Hex,
      logIndex: decoded.depositOutputs[0] ?? 0,
      blockNumber: 0n,
      from: (request?.user ?? "") as Address,
      currency: (request?.originCurrency ?? "") as Address,
      amount: decoded.amount,
      id: decision.requestId,
    };
    store.transition(decision.requestId, "pending", { deposit, inTxHashes: [record.txid as Hex] });
    awaiting.set(record.txid, decision);
    settle();
  };

  const refund = (requestId: Hex, amount: bigint, failReason: string) => {
    const request = store.get(requestId);
    if (!request) return;
    try {
      const { txid } = payFromBitcoinWallet({
        chain,
        wallet: solverWallet,
        to: request.refundTo,
        amount,
        requestId,
      });
      store.transition(requestId, "refund", {
        failReason,
        txHashes: [...request.txHashes, txid as Hex],
        details: {
          ...request.details,
          refund: { chainId, txHash: txid, amount: amount.toString(), recipient: request.refundTo },
        },
      });
    } catch (error) {
      log(`bitcoin refund of ${requestId} failed: ${error instanceof Error ? error.message : String(error)}`);
      store.transition(requestId, "failure", { failReason, refundFailReason: "UNKNOWN" });
    }
  };

  const payExcess = (requestId: Hex, excess: bigint) => {
    const request = store.get(requestId);
    if (request?.status !== "success" || excess <= 0n) return;
    try {
      const { txid } = payFromBitcoinWallet({
        chain,
        wallet: solverWallet,
        to: request.refundTo,
        amount: excess,
        requestId,
      });
      store.update(requestId, {
        details: { ...request.details, excessRefund: { chainId, txHash: txid, amount: excess.toString() } },
      });
    } catch (error) {
      log(`bitcoin excess refund of ${requestId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  /** Takes every deposit that has its confirmations, one after the other. */
  const settle = () => {
    for (const [txid, decision] of awaiting) {
      if ((chain.confirmations(txid) ?? 0) < decision.confirmations) continue;
      awaiting.delete(txid);
      const block = chain.getTransaction(txid)?.status;
      const request = store.get(decision.requestId);
      if (request?.deposit && block?.confirmed)
        store.update(decision.requestId, {
          deposit: { ...request.deposit, blockNumber: BigInt(block.blockHeight) },
        });
      work = work.then(async () => {
        try {
          if (restored.delete(txid) && (await paidBefore(decision.requestId))) return;
          if (decision.type === "refund") {
            const amount = store.get(decision.requestId)?.deposit?.amount ?? 0n;
            refund(decision.requestId, amount, decision.failReason);
            return;
          }
          await fill(decision.requestId);
          payExcess(decision.requestId, decision.excess);
        } catch (error) {
          log(`bitcoin deposit ${txid}: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    }
  };

  /** Whether a restored request was paid before the restart (then it is left, and logged). */
  const paidBefore = (requestId: Hex) => {
    const bound = findBoundPayment(chain, solverWallet, requestId);
    return paidBeforeRestart({
      requestId,
      bound: bound && `Bitcoin payment ${bound.txid} from the solver is bound to it`,
      hasPayout,
      store,
      log,
    });
  };

  const unsubscribes = [
    chain.onTransaction((record) => onTransaction(record)),
    chain.onBlock(() => settle()),
  ];
  return {
    idle: () => work,
    restore(parameters) {
      hasPayout = parameters.hasPayout;
      const taken = new Set(
        store
          .all()
          .flatMap((request) =>
            request.deposit?.chainId === chainId ? [request.deposit.txHash.toLowerCase()] : [],
          ),
      );
      // Deposits of pending requests wait for their confirmations again, decided as when they came.
      for (const request of store.all()) {
        const { deposit } = request;
        if (request.status !== "pending" || deposit?.chainId !== chainId || request.txHashes.length > 0)
          continue;
        const record = chain.getTransaction(deposit.txHash);
        if (!record) {
          log(
            `restored request ${request.requestId}: its Bitcoin deposit ${deposit.txHash} is not on the chain`,
          );
          continue;
        }
        const decision = decideBitcoinDeposit({
          boundRequestId: request.requestId,
          amount: deposit.amount,
          request: { ...request, status: "waiting", deposit: undefined },
          chainId,
          highValueThreshold,
          now: record.firstSeen,
        });
        if (decision.type === "ignore") continue;
        awaiting.set(record.txid, decision);
        restored.add(record.txid);
      }
      // Transactions no request took: the chain kept them, the request store may not have.
      const history = [];
      for (let height = 1; height <= chain.height(); height++)
        for (const txid of chain.getBlock(height)?.txids.slice(1) ?? [])
          history.push(chain.getTransaction(txid) as BitcoinTransactionRecord);
      history.push(...chain.mempool());
      for (const record of history) if (!taken.has(record.txid)) onTransaction(record, true);
      settle();
    },
    stop: () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    },
  };
}
